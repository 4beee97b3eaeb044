// Kubeflow's MPIJob v2 (`kubeflow.org/v2beta1`, mpi-operator): who it is and which versions are served. The
// mpi-operator owns the CRD (v2beta1 only, the storage version; training-operator's MPIJob v1 is another
// controller's): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const mpiJob = {
  group: 'kubeflow.org',
  kind: 'MPIJob',
  plural: 'mpijobs',
  versions: ['v2beta1'],
  storageVersion: 'v2beta1',
  home: 'lib/kinds/mpijob',
  ownCrd: false,
  // mpi-operator's newest module the Go module proxy serves here; its CRD serves v2beta1 only.
  publishedCrd: { source: 'go:github.com/kubeflow/mpi-operator@v0.6.0', file: 'manifests/base/kubeflow.org_mpijobs.yaml' },
} as const satisfies KindIdentity;
