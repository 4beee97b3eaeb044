// Kyverno's ClusterPolicy (cluster-scoped): who it is and which versions are served. Kyverno owns the CRD (v1, the
// storage version, and v2beta1, both with the same status): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const kyvernoClusterPolicy = {
  group: 'kyverno.io',
  kind: 'ClusterPolicy',
  plural: 'clusterpolicies',
  versions: ['v1', 'v2beta1'],
  storageVersion: 'v1',
  home: 'lib/kinds/kyverno-clusterpolicy',
  ownCrd: false,
  // Kyverno's newest release the Go module proxy serves here (v1.15.3 and v1.16.x are refused).
  publishedCrd: { source: 'go:github.com/kyverno/kyverno@v1.15.2', file: 'config/crds/kyverno/kyverno.io_clusterpolicies.yaml' },
} as const satisfies KindIdentity;
