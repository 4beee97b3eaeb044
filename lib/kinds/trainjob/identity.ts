// Kubeflow Trainer's TrainJob (`trainer.kubeflow.org`, Trainer v2): who it is and which versions are served. The
// Trainer project owns the CRD (v1alpha1 only, the storage version): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const trainJob = {
  group: 'trainer.kubeflow.org',
  kind: 'TrainJob',
  plural: 'trainjobs',
  versions: ['v1alpha1'],
  storageVersion: 'v1alpha1',
  home: 'lib/kinds/trainjob',
  ownCrd: false,
  // The Trainer's newest module the Go module proxy serves here (v2.3.1 and v2.4.0 are refused); its CRD serves v1alpha1 only.
  publishedCrd: { source: 'go:github.com/kubeflow/trainer/v2@v2.3.0', file: 'manifests/base/crds/trainer.kubeflow.org_trainjobs.yaml' },
} as const satisfies KindIdentity;

/** The group of the runtimes a TrainJob names, and the one version its CRDs serve. */
export const trainerApiVersion = 'trainer.kubeflow.org/v1alpha1';
