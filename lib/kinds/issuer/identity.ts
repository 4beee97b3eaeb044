// cert-manager's Issuer: who it is and which versions are served. cert-manager owns the CRD (v1 since v1.0; the
// older v1alpha2, v1alpha3 and v1beta1 it served up to v1.5 are read alike, see README.md): interpreted only.
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
  // v1alpha2, v1alpha3 and v1beta1 were last served by v1.5 (v1.6 lists them with served: false, v1.7 drops them);
  // v1.5.5 is its newest release the Go module proxy serves, under the project's old module path.
  earlierCrds: [{ source: 'go:github.com/jetstack/cert-manager@v1.5.5', file: 'deploy/crds/crd-issuers.yaml', versions: ['v1alpha2', 'v1alpha3', 'v1beta1'] }],
} as const satisfies KindIdentity;
