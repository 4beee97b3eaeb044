// Flux's HelmRepository (source.toolkit.fluxcd.io): who it is and which versions are served. Flux's source-controller
// owns the CRD (v1; v1beta2 until source-controller v1.7): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const helmRepository = {
  group: 'source.toolkit.fluxcd.io',
  kind: 'HelmRepository',
  plural: 'helmrepositories',
  // v1beta2: Karmada's catalogue and source-controller up to v1.7.3 (see README.md); every field read has the same path in both.
  versions: ['v1beta2', 'v1'],
  storageVersion: 'v1',
  home: 'lib/kinds/helmrepository',
  ownCrd: false,
  // The newest source-controller the Go module proxy serves to this Go (v1.10.0 needs Go 1.27).
  publishedCrd: { source: 'go:github.com/fluxcd/source-controller@v1.9.2', file: 'config/crd/bases/source.toolkit.fluxcd.io_helmrepositories.yaml' },
  // v1beta2, which source-controller v1.8.0 removed: v1.7.3, the newest release still serving it that the proxy
  // serves here (v1.7.4 is refused).
  earlierCrds: [{ source: 'go:github.com/fluxcd/source-controller@v1.7.3', file: 'config/crd/bases/source.toolkit.fluxcd.io_helmrepositories.yaml', versions: ['v1beta2'] }],
} as const satisfies KindIdentity;
