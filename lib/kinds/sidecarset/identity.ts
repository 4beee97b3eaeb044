// OpenKruise's SidecarSet: who it is and which versions are served. Cluster-scoped; OpenKruise owns the CRD (v1alpha1
// only): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const sidecarSet = {
  group: 'apps.kruise.io',
  kind: 'SidecarSet',
  plural: 'sidecarsets',
  versions: ['v1alpha1'],
  storageVersion: 'v1alpha1',
  home: 'lib/kinds/sidecarset',
  ownCrd: false,
  // OpenKruise's newest release the Go module proxy serves here: v1alpha1 only (as on OpenKruise's master).
  publishedCrd: { source: 'go:github.com/openkruise/kruise@v1.8.2', file: 'config/crd/bases/apps.kruise.io_sidecarsets.yaml' },
} as const satisfies KindIdentity;
