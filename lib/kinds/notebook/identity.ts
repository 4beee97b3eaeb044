// Kubeflow's Notebook (notebook-controller): who it is and which versions are served. Kubeflow owns the CRD (v1,
// v1alpha1 and v1beta1 served, v1 stored, in kubeflow/notebooks v1.11.0): interpreted only. No registry reachable
// here serves the controller's module (see README.md), so no publishedCrd is named.
import type { KindIdentity } from '../../review/kind';

export const notebookVersions = ['v1', 'v1alpha1', 'v1beta1'] as const;

export const notebook = {
  group: 'kubeflow.org',
  kind: 'Notebook',
  plural: 'notebooks',
  versions: notebookVersions,
  storageVersion: 'v1',
  home: 'lib/kinds/notebook',
  ownCrd: false,
} as const satisfies KindIdentity;

/** The annotation Kubeflow's dashboard sets to stop a notebook: its StatefulSet is scaled to 0 while it is there. */
export const stoppedAnnotation = 'kubeflow-resource-stopped';
