// External Secrets Operator's ExternalSecret: who it is and which versions are served. ESO owns the CRD: interpreted
// only. v1.3.2's CRD serves v1 alone (v1beta1 is listed with served: false).
import type { KindIdentity } from '../../review/kind';

export const externalSecret = {
  group: 'external-secrets.io',
  kind: 'ExternalSecret',
  plural: 'externalsecrets',
  versions: ['v1'],
  storageVersion: 'v1',
  home: 'lib/kinds/externalsecret',
  ownCrd: false,
  // ESO's newest release the Go module proxy serves here (it lists v0.16.2 and v1.3.2).
  publishedCrd: { source: 'go:github.com/external-secrets/external-secrets@v1.3.2', file: 'config/crds/bases/external-secrets.io_externalsecrets.yaml' },
} as const satisfies KindIdentity;
