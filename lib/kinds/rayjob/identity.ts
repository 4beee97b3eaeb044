// KubeRay's RayJob: who it is and which versions are served. KubeRay owns the CRD (v1, the storage version, and
// v1alpha1, both served in ray-operator v1.5.0): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const rayJobVersions = ['v1', 'v1alpha1'] as const;

export const rayJob = {
  group: 'ray.io',
  kind: 'RayJob',
  plural: 'rayjobs',
  versions: rayJobVersions,
  storageVersion: 'v1',
  home: 'lib/kinds/rayjob',
  ownCrd: false,
  // KubeRay's newest ray-operator module the Go module proxy serves here.
  publishedCrd: { source: 'go:github.com/ray-project/kuberay/ray-operator@v1.5.0', file: 'config/crd/bases/ray.io_rayjobs.yaml' },
} as const satisfies KindIdentity;
