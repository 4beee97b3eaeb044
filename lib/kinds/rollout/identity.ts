// Argo Rollouts' Rollout: who it is and which version is served. Argo Rollouts owns the CRD (one served version,
// v1alpha1, also the storage version): this service interprets it and neither converts nor admits it.
import type { KindIdentity } from '../../review/kind';

export const rolloutVersions = ['v1alpha1'] as const;

export const rollout = {
  group: 'argoproj.io',
  kind: 'Rollout',
  plural: 'rollouts',
  versions: rolloutVersions,
  storageVersion: 'v1alpha1',
  home: 'lib/kinds/rollout',
  ownCrd: false,
  publishedCrd: { source: 'go:github.com/argoproj/argo-rollouts@v1.8.3', file: 'manifests/crds/rollout-crd.yaml' },
} as const satisfies KindIdentity;

/** The API versions of the objects a Rollout names (its dependencies). */
export const argoApiVersion = 'argoproj.io/v1alpha1';
export const ingressApiVersion = 'networking.k8s.io/v1';
