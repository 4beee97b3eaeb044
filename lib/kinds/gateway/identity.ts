// Gateway API's Gateway: who it is and which versions are served. Gateway API owns the CRD (its standard channel
// serves v1 and v1beta1, one schema): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const gateway = {
  group: 'gateway.networking.k8s.io',
  kind: 'Gateway',
  plural: 'gateways',
  versions: ['v1', 'v1beta1'],
  storageVersion: 'v1',
  home: 'lib/kinds/gateway',
  ownCrd: false,
  // Gateway API's newest release the Go module proxy serves here: v1.7.0 is listed, but `go mod download` refuses it
  // (it requires go >= 1.27); its standard channel serves the same versions of this CRD as v1.6.3's.
  publishedCrd: { source: 'go:sigs.k8s.io/gateway-api@v1.6.3', file: 'config/crd/standard/gateway.networking.k8s.io_gateways.yaml' },
} as const satisfies KindIdentity;
