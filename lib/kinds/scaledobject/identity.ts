// KEDA's ScaledObject: who it is and which version is served. KEDA owns the CRD (one served version, v1alpha1, also
// the storage version): this service interprets it and neither converts nor admits it.
import type { KindIdentity } from '../../review/kind';

export const scaledObject = {
  group: 'keda.sh',
  kind: 'ScaledObject',
  plural: 'scaledobjects',
  versions: ['v1alpha1'],
  storageVersion: 'v1alpha1',
  home: 'lib/kinds/scaledobject',
  ownCrd: false,
  publishedCrd: { source: 'go:github.com/kedacore/keda/v2@v2.21.0', file: 'config/crd/bases/keda.sh_scaledobjects.yaml' },
} as const satisfies KindIdentity;

/** `scaleTargetRef` defaults, as KEDA resolves them (pkg/scaling/resolver and the ScaledObject controller). */
export const defaultTargetApiVersion = 'apps/v1';
export const defaultTargetKind = 'Deployment';
