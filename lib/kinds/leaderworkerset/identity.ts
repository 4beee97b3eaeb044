// LeaderWorkerSet (sigs.k8s.io/lws): who it is and which versions are served. The LWS project owns the CRD (one
// served version, v1, also the storage version): this service interprets it and neither converts nor admits it.
import type { KindIdentity } from '../../review/kind';

export const leaderWorkerSetVersions = ['v1'] as const;

export const leaderWorkerSet = {
  group: 'leaderworkerset.x-k8s.io',
  kind: 'LeaderWorkerSet',
  plural: 'leaderworkersets',
  versions: leaderWorkerSetVersions,
  storageVersion: 'v1',
  home: 'lib/kinds/leaderworkerset',
  ownCrd: false,
  // The newest sigs.k8s.io/lws the Go module proxy serves here (v0.10.0's zip, v0.9.1 and v1.0.0 are refused).
  publishedCrd: { source: 'go:sigs.k8s.io/lws@v0.9.0', file: 'config/crd/bases/leaderworkerset.x-k8s.io_leaderworkersets.yaml' },
} as const satisfies KindIdentity;
