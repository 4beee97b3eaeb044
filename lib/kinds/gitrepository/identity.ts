// Flux's GitRepository: who it is and which version is served. Flux's source-controller owns the CRD (v1 only since
// source-controller v1.8.0, which stopped serving the deprecated v1beta2): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const gitRepositoryVersions = ['v1'] as const;

export const gitRepository = {
  group: 'source.toolkit.fluxcd.io',
  kind: 'GitRepository',
  plural: 'gitrepositories',
  versions: gitRepositoryVersions,
  storageVersion: 'v1',
  home: 'lib/kinds/gitrepository',
  ownCrd: false,
  // source-controller's newest release the Go module proxy serves here (v1.10.0 needs a newer Go than this machine's).
  publishedCrd: { source: 'go:github.com/fluxcd/source-controller@v1.9.2', file: 'config/crd/bases/source.toolkit.fluxcd.io_gitrepositories.yaml' },
} as const satisfies KindIdentity;
