// OpenKruise's CloneSet: who it is, which versions are served, and where they differ. OpenKruise owns the CRD
// (v1alpha1, and v1beta1 as the storage version since its master after v1.9.0): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const cloneSetVersions = ['v1alpha1', 'v1beta1'] as const;
export type CloneSetVersion = (typeof cloneSetVersions)[number];

export const cloneSet = {
  group: 'apps.kruise.io',
  kind: 'CloneSet',
  plural: 'clonesets',
  versions: cloneSetVersions,
  storageVersion: 'v1beta1',
  home: 'lib/kinds/cloneset',
  ownCrd: false,
  // OpenKruise's newest release the Go module proxy serves here (v1.9.0 and later are refused): v1alpha1 only.
  publishedCrd: { source: 'go:github.com/openkruise/kruise@v1.8.2', file: 'config/crd/bases/apps.kruise.io_clonesets.yaml' },
} as const satisfies KindIdentity;

/**
 * Where a version keeps the update settings health reads, below `spec.updateStrategy`: v1alpha1 has `partition`
 * and `paused` there directly; v1beta1 moved them into `rollingUpdate` (absent for an OnDelete strategy).
 */
export function rollingUpdatePathOf(version: string): readonly string[] {
  return version === 'v1alpha1' ? ['updateStrategy'] : ['updateStrategy', 'rollingUpdate'];
}
