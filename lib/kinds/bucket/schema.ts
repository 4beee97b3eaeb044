// The Bucket's one reader: the fields the interpreter uses, from source-controller's api/v1/bucket_types.go (the
// same json paths in v1beta2; `spec.serviceAccountName` is v1's only), or a FieldFailure naming the field (a 400).
import type { Cursor } from '../../kube/cursor';
import type { GroupVersionKind } from '../../review/core';
import { fluxSource, referenceNameOf, type FluxSource, type SourceCredentials } from '../../families/flux/source';
import { hasServiceAccountName } from './identity';

/** Ready's reason on success: `meta.SucceededReason`. `url` is aggregated; `observedIgnore` reflected only. */
export const bucketShape = fluxSource<Bucket>({ aggregatedStrings: ['url'], reflected: ['observedIgnore'] }, { reasons: ['Succeeded'] });

export interface Bucket extends FluxSource, SourceCredentials {
  /** `spec.secretRef`, `spec.certSecretRef`, `spec.proxySecretRef`, `spec.sts.secretRef`, `spec.sts.certSecretRef` names. */
  secretNames: (string | undefined)[];
  /** `spec.serviceAccountName` (v1): the `aws` and `gcp` providers' workload identity. */
  serviceAccountName?: string;
}

export function readBucket(object: Cursor, kind: GroupVersionKind): Bucket {
  return bucketShape.readSource(object, (spec) => ({
    secretNames: () => {
      const sts = spec().object('sts');
      return [
        referenceNameOf(spec(), 'secretRef'),
        referenceNameOf(spec(), 'certSecretRef'),
        referenceNameOf(spec(), 'proxySecretRef'),
        referenceNameOf(sts, 'secretRef'),
        referenceNameOf(sts, 'certSecretRef'),
      ];
    },
    // v1beta2 has no serviceAccountName: a field the CRD prunes is not read.
    serviceAccountName: () => (hasServiceAccountName(kind.version) ? spec().string('serviceAccountName') : undefined),
  }));
}
