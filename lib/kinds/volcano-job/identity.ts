// Volcano's Job (`batch.volcano.sh`): who it is and which versions are served. Volcano owns the CRD (v1alpha1 only,
// the storage version): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const volcanoJobVersions = ['v1alpha1'] as const;

export const volcanoJob = {
  group: 'batch.volcano.sh',
  kind: 'Job',
  plural: 'jobs',
  versions: volcanoJobVersions,
  storageVersion: 'v1alpha1',
  home: 'lib/kinds/volcano-job',
  ownCrd: false,
  // Volcano's newest main module the Go module proxy serves here; its CRD serves v1alpha1 only.
  publishedCrd: { source: 'go:volcano.sh/volcano@v1.10.0', file: 'config/crd/volcano/bases/batch.volcano.sh_jobs.yaml' },
} as const satisfies KindIdentity;
