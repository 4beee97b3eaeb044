// Flux's Kustomization: who it is and which versions are served. Flux's kustomize-controller owns the CRD (v1
// stored, v1beta2 served deprecated): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const kustomizationVersions = ['v1beta2', 'v1'] as const;

export const kustomization = {
  group: 'kustomize.toolkit.fluxcd.io',
  kind: 'Kustomization',
  plural: 'kustomizations',
  versions: kustomizationVersions,
  storageVersion: 'v1',
  home: 'lib/kinds/kustomization',
  ownCrd: false,
  // kustomize-controller's newest release the Go module proxy serves here (v1.7.4 and v1.8.0 are refused).
  publishedCrd: { source: 'go:github.com/fluxcd/kustomize-controller@v1.7.3', file: 'config/crd/bases/kustomize.toolkit.fluxcd.io_kustomizations.yaml' },
} as const satisfies KindIdentity;

/** kustomize-controller marks Ready True only with this reason, in both versions (kustomization_controller.go). */
export const readyReasons = ['ReconciliationSucceeded'] as const;
