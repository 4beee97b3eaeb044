// Flux's Bucket: who it is and which versions are served. Flux's source-controller owns the CRD: v1 since
// source-controller v1.6.0 (the storage version), and v1beta2, the version Karmada's catalogue is written for, which
// source-controller served (deprecated) up to v1.7.x. Interpreted only.
import type { KindIdentity } from '../../review/kind';

export const bucketVersions = ['v1beta2', 'v1'] as const;
export type BucketVersion = (typeof bucketVersions)[number];

export const bucket = {
  group: 'source.toolkit.fluxcd.io',
  kind: 'Bucket',
  plural: 'buckets',
  versions: bucketVersions,
  storageVersion: 'v1',
  home: 'lib/kinds/bucket',
  ownCrd: false,
  // source-controller's newest release the Go module proxy serves here (v1.10.0 needs a newer Go than this machine's).
  publishedCrd: { source: 'go:github.com/fluxcd/source-controller@v1.9.2', file: 'config/crd/bases/source.toolkit.fluxcd.io_buckets.yaml' },
  // v1beta2, which source-controller v1.8.0 removed: v1.7.3, the newest release still serving it that the proxy
  // serves here (v1.7.4 is refused).
  earlierCrds: [{ source: 'go:github.com/fluxcd/source-controller@v1.7.3', file: 'config/crd/bases/source.toolkit.fluxcd.io_buckets.yaml', versions: ['v1beta2'] }],
} as const satisfies KindIdentity;

/** Whether a version has `spec.serviceAccountName` (workload identity of the `gcp` and `aws` providers): v1 only. */
export function hasServiceAccountName(version: string): boolean {
  return version === 'v1';
}
