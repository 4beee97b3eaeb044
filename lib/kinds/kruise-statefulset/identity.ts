// OpenKruise's Advanced StatefulSet (apps.kruise.io, not Kubernetes' apps/v1 StatefulSet, hence the folder's prefix):
// who it is, which versions are served, and where they differ. OpenKruise owns the CRD (v1alpha1, and v1beta1 as
// the storage version): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const kruiseStatefulSetVersions = ['v1alpha1', 'v1beta1'] as const;

export const kruiseStatefulSet = {
  group: 'apps.kruise.io',
  kind: 'StatefulSet',
  plural: 'statefulsets',
  versions: kruiseStatefulSetVersions,
  storageVersion: 'v1beta1',
  home: 'lib/kinds/kruise-statefulset',
  ownCrd: false,
  // OpenKruise's newest release the Go module proxy serves here (v1.9.0 and later are refused).
  publishedCrd: { source: 'go:github.com/openkruise/kruise@v1.8.2', file: 'config/crd/bases/apps.kruise.io_statefulsets.yaml' },
} as const satisfies KindIdentity;

/**
 * Whether a version's status has `updatedReadyReplicas` and `updatedAvailableReplicas`: v1beta1 only (v1alpha1's
 * schema has neither, and the apiserver would prune them from a v1alpha1 status). The spec fields read
 * (`replicas`, `template`, `updateStrategy`) are at the same paths in both versions.
 */
export function hasUpdatedCounts(version: string): boolean {
  return version !== 'v1alpha1';
}
