// Kubeflow's PyTorchJob (`kubeflow.org`, training-operator): who it is and which versions are served. The
// training-operator owns the CRD (v1 only, the storage version): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const pytorchJob = {
  group: 'kubeflow.org',
  kind: 'PyTorchJob',
  plural: 'pytorchjobs',
  versions: ['v1'],
  storageVersion: 'v1',
  home: 'lib/kinds/pytorchjob',
  ownCrd: false,
  // The training-operator's newest module the Go module proxy serves here; its CRD serves v1 only.
  publishedCrd: { source: 'go:github.com/kubeflow/training-operator@v1.9.3', file: 'manifests/base/crds/kubeflow.org_pytorchjobs.yaml' },
} as const satisfies KindIdentity;
