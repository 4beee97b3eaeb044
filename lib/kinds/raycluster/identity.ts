// KubeRay's RayCluster: who it is and which versions are served. KubeRay owns the CRD (v1, the storage version, and
// v1alpha1, both served in ray-operator v1.5.0): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const rayClusterVersions = ['v1', 'v1alpha1'] as const;

export const rayCluster = {
  group: 'ray.io',
  kind: 'RayCluster',
  plural: 'rayclusters',
  versions: rayClusterVersions,
  storageVersion: 'v1',
  home: 'lib/kinds/raycluster',
  ownCrd: false,
  // KubeRay's newest ray-operator module the Go module proxy serves here.
  publishedCrd: { source: 'go:github.com/ray-project/kuberay/ray-operator@v1.5.0', file: 'config/crd/bases/ray.io_rayclusters.yaml' },
} as const satisfies KindIdentity;
