// cert-manager's Issuer: who it is and which versions are served. cert-manager owns the CRD (v1 since v1.0; the
// older v1alpha2, v1alpha3 and v1beta1 it served until v1.6 are read alike, see README.md): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const issuerVersions = ['v1alpha2', 'v1alpha3', 'v1beta1', 'v1'] as const;

export const issuer = {
  group: 'cert-manager.io',
  kind: 'Issuer',
  plural: 'issuers',
  versions: issuerVersions,
  storageVersion: 'v1',
  home: 'lib/kinds/issuer',
  ownCrd: false,
  // cert-manager's newest release the Go module proxy serves here (v1.21.3 and v1.22.0 are refused).
  publishedCrd: { source: 'go:github.com/cert-manager/cert-manager@v1.21.2', file: 'deploy/crds/cert-manager.io_issuers.yaml' },
} as const satisfies KindIdentity;
