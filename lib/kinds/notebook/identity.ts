// Kubeflow's Notebook (notebook-controller): who it is and which versions are served. Kubeflow owns the CRD (v1,
// v1alpha1 and v1beta1 served, v1 stored, in kubeflow/notebooks v1.11.0): interpreted only. No registry reachable
// here serves the controller's module (see README.md), so publishedCrd says what was tried.
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
  publishedCrd: {
    unavailable:
      'the Go module proxy here refuses github.com/kubeflow/notebooks/components/notebook-controller and ' +
      'github.com/kubeflow/kubeflow/components/notebook-controller at their release commits (3454bb75696a, v1.11.0; ' +
      '90e987bf87d3, v1.10.0), github.com/kubeflow/notebooks@v1.11.0 and github.com/kubeflow/manifests@v1.10.0/v1.11.0; ' +
      'github.com/kubeflow/kubeflow@v1.10.0 is served but leaves the controller out (a module of its own); no npm, PyPI ' +
      'or Maven package listed here ships the CRD. The versions were read from config/crd/bases/kubeflow.org_notebooks.yaml ' +
      'at both tags (README.md)',
  },
} as const satisfies KindIdentity;

/** The annotation Kubeflow's dashboard sets to stop a notebook: its StatefulSet is scaled to 0 while it is there. */
export const stoppedAnnotation = 'kubeflow-resource-stopped';
