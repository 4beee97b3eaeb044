// KubeRay's RayService: who it is and which versions are served. KubeRay owns the CRD (v1, the storage version, and
// v1alpha1, both served in ray-operator v1.5.0): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const rayServiceVersions = ['v1', 'v1alpha1'] as const;

export const rayService = {
  group: 'ray.io',
  kind: 'RayService',
  plural: 'rayservices',
  versions: rayServiceVersions,
  storageVersion: 'v1',
  home: 'lib/kinds/rayservice',
  ownCrd: false,
  // KubeRay's newest ray-operator module the Go module proxy serves here.
  publishedCrd: { source: 'go:github.com/ray-project/kuberay/ray-operator@v1.5.0', file: 'config/crd/bases/ray.io_rayservices.yaml' },
} as const satisfies KindIdentity;
