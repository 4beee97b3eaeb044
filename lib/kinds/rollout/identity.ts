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
} as const satisfies KindIdentity;

/** The API versions of the objects a Rollout names (its dependencies). */
export const argoApiVersion = 'argoproj.io/v1alpha1';
export const ingressApiVersion = 'networking.k8s.io/v1';
