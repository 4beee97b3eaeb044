// External Secrets Operator's ClusterSecretStore: who it is and which versions are served. ESO owns the CRD (v1 is the one
// version v1.3.2 serves; v1beta1, served up to v0.16, is read alike, see README.md): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const clusterSecretStore = {
  group: 'external-secrets.io',
  kind: 'ClusterSecretStore',
  plural: 'clustersecretstores',
  versions: ['v1beta1', 'v1'],
  storageVersion: 'v1',
  home: 'lib/kinds/clustersecretstore',
  ownCrd: false,
  // ESO's newest release the Go module proxy serves here.
  publishedCrd: { source: 'go:github.com/external-secrets/external-secrets@v1.3.2', file: 'config/crds/bases/external-secrets.io_clustersecretstores.yaml' },
  // v1.3.2's CRD lists v1beta1 with served: false; v0.16.2 (the only earlier release the proxy serves here) serves it.
  earlierCrds: [{ source: 'go:github.com/external-secrets/external-secrets@v0.16.2', file: 'config/crds/bases/external-secrets.io_clustersecretstores.yaml', versions: ['v1beta1'] }],
} as const satisfies KindIdentity;
