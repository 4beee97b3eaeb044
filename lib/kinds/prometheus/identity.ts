// Prometheus (monitoring.coreos.com): who it is and which versions it serves (Prometheus Operator v0.85.0).
// Its CRD belongs to its project, which installs it: this service interprets Prometheus only (no crd.yaml, conversion
// or admission here, and webhook-config prints none of them).
import type { KindIdentity } from '../../review/kind';

export const prometheus = {
  group: 'monitoring.coreos.com',
  kind: 'Prometheus',
  plural: 'prometheuses',
  versions: ['v1'],
  storageVersion: 'v1',
  home: 'lib/kinds/prometheus',
  ownCrd: false,
  // The only release the Go module proxy serves here (`go list -m -versions` lists v0.85.0 alone); its CRD
  // serves `v1` only.
  publishedCrd: {
    source: 'go:github.com/prometheus-operator/prometheus-operator@v0.85.0',
    file: 'example/prometheus-operator-crd/monitoring.coreos.com_prometheuses.yaml',
  },
} as const satisfies KindIdentity;
