// CDI's DataVolume (cdi.kubevirt.io, Containerized Data Importer): who it is and which versions it serves. CDI owns
// the CRD (its operator installs it; v1beta1 served and stored): interpreted only. No registry reachable here
// publishes it (see README.md), so publishedCrd says what was tried.
import type { KindIdentity } from '../../review/kind';

export const dataVolume = {
  group: 'cdi.kubevirt.io',
  kind: 'DataVolume',
  plural: 'datavolumes',
  versions: ['v1beta1'],
  storageVersion: 'v1beta1',
  home: 'lib/kinds/datavolume',
  ownCrd: false,
  publishedCrd: {
    unavailable:
      'CDI publishes no CRD file in a registry: its operator builds the CRDs from Go strings (pkg/operator/resources/' +
      'crds_generated.go of kubevirt.io/containerized-data-importer), and the Go module proxy here refuses that module ' +
      '(v1.60.0 to v1.64.0 tried; the version list is refused). kubevirt.io/containerized-data-importer-api@v1.66.0 is ' +
      'served but holds Go types only (v1.66.1, v1.67.0 refused). No npm, PyPI or Maven package listed here ships it. ' +
      'The version was read from the api module (pkg/apis/core/v1beta1) (README.md)',
  },
} as const satisfies KindIdentity;

/** CDI's DataSource, which `spec.sourceRef` names (kind DataSource, the only kind CDI accepts there). */
export const dataSourceApiVersion = 'cdi.kubevirt.io/v1beta1';
