// KEDA's ScaledJob: who it is and which version is served. KEDA owns the CRD (one served version, v1alpha1, also the
// storage version): this service interprets it and neither converts nor admits it.
import type { KindIdentity } from '../../review/kind';

export const scaledJob = {
  group: 'keda.sh',
  kind: 'ScaledJob',
  plural: 'scaledjobs',
  versions: ['v1alpha1'],
  storageVersion: 'v1alpha1',
  home: 'lib/kinds/scaledjob',
  ownCrd: false,
  publishedCrd: { source: 'go:github.com/kedacore/keda/v2@v2.21.0', file: 'config/crd/bases/keda.sh_scaledjobs.yaml' },
} as const satisfies KindIdentity;
