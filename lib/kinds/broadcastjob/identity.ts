// OpenKruise's BroadcastJob: who it is and which versions are served. OpenKruise owns the CRD (v1alpha1 only, up to
// its master): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const broadcastJob = {
  group: 'apps.kruise.io',
  kind: 'BroadcastJob',
  plural: 'broadcastjobs',
  versions: ['v1alpha1'],
  storageVersion: 'v1alpha1',
  home: 'lib/kinds/broadcastjob',
  ownCrd: false,
  // OpenKruise's newest release the Go module proxy serves here (v1.9.0 and later are refused): v1alpha1 only.
  publishedCrd: { source: 'go:github.com/openkruise/kruise@v1.8.2', file: 'config/crd/bases/apps.kruise.io_broadcastjobs.yaml' },
} as const satisfies KindIdentity;
