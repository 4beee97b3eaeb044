// Knative Serving's Service (serving.knative.dev): who it is and which versions it serves. Knative owns the CRD
// (config/core/300-resources/service.yaml, one version, v1): interpreted only (see README.md).
import type { KindIdentity } from '../../review/kind';

export const knativeService = {
  group: 'serving.knative.dev',
  kind: 'Service',
  plural: 'services',
  versions: ['v1'],
  storageVersion: 'v1',
  home: 'lib/kinds/knative-service',
  ownCrd: false,
  // Knative Serving's newest release the Go module proxy serves here (it lists v0.42.2 and v0.51.0).
  publishedCrd: { source: 'go:knative.dev/serving@v0.51.0', file: 'config/core/300-resources/service.yaml' },
} as const satisfies KindIdentity;

/**
 * The annotations Knative's defaulting webhook writes on every Service in a member (pkg/apis/serving SetUserInfo) and
 * its validation then guards (knative.dev/pkg apis.ValidateCreatorAndModifier): the creator may never change, the
 * last modifier only with the spec.
 */
export const creatorAnnotation = 'serving.knative.dev/creator';
export const lastModifierAnnotation = 'serving.knative.dev/lastModifier';
