// Flux's HelmRelease: who it is and which versions are served. Flux's helm-controller owns the CRD (v2 stored,
// v2beta2 served deprecated; v2beta1 only by controllers before v1.4, which Karmada's catalogue still targets).
import type { KindIdentity } from '../../review/kind';

export const helmReleaseVersions = ['v2beta1', 'v2beta2', 'v2'] as const;
export type HelmReleaseVersion = (typeof helmReleaseVersions)[number];

export const helmRelease = {
  group: 'helm.toolkit.fluxcd.io',
  kind: 'HelmRelease',
  plural: 'helmreleases',
  versions: helmReleaseVersions,
  storageVersion: 'v2',
  home: 'lib/kinds/helmrelease',
  ownCrd: false,
  // helm-controller's newest release the Go module proxy serves here (v1.4.4 and v1.5.0 are refused): v2beta2 and v2.
  publishedCrd: { source: 'go:github.com/fluxcd/helm-controller@v1.4.3', file: 'config/crd/bases/helm.toolkit.fluxcd.io_helmreleases.yaml' },
  // v2beta1, which helm-controller v1.4.0 removed: v0.37.2, the newest release still serving it that the proxy serves
  // here (v1.0.0 to v1.3.x, which served it deprecated, are refused).
  earlierCrds: [{ source: 'go:github.com/fluxcd/helm-controller@v0.37.2', file: 'config/crd/bases/helm.toolkit.fluxcd.io_helmreleases.yaml', versions: ['v2beta1'] }],
} as const satisfies KindIdentity;

const v2beta1ReadyReasons = ['ReconciliationSucceeded', 'InstallSucceeded', 'UpgradeSucceeded', 'TestSucceeded'] as const;

/**
 * The Ready reasons that say ready in a version. `v2beta1` was served by two generations of controllers:
 * helm-controller up to v0.36 marks Ready True only with `ReconciliationSucceeded` (`v2beta1.HelmReleaseReady`);
 * v0.37.0 to v1.3.x store `v2beta2`/`v2` and serve `v2beta1` without conversion, and their Ready copies the reason
 * of the last release action (`summarize` in internal/reconcile/release.go): `InstallSucceeded`,
 * `UpgradeSucceeded` or `TestSucceeded`. No controller serves `v2beta1` any more (v1.4.0 removed it), so that list
 * is complete. From `v2beta2` on, controllers still being released write Ready, so any reason does.
 */
export function readyReasonsOf(version: string): readonly string[] | undefined {
  return version === 'v2beta1' ? v2beta1ReadyReasons : undefined;
}
