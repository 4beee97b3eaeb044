// Gateway API's GRPCRoute: who it is and which versions are served. Gateway API owns the CRD (its standard channel
// serves v1): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const grpcRoute = {
  group: 'gateway.networking.k8s.io',
  kind: 'GRPCRoute',
  plural: 'grpcroutes',
  versions: ['v1'],
  storageVersion: 'v1',
  home: 'lib/kinds/grpcroute',
  ownCrd: false,
  // Gateway API's newest release the Go module proxy serves here: v1.7.0 is listed, but `go mod download` refuses it
  // (it requires go >= 1.27); its standard channel serves the same versions of this CRD as v1.6.3's.
  publishedCrd: { source: 'go:sigs.k8s.io/gateway-api@v1.6.3', file: 'config/crd/standard/gateway.networking.k8s.io_grpcroutes.yaml' },
} as const satisfies KindIdentity;
