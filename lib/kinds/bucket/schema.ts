// The Bucket's one reader: the fields the interpreter uses, from source-controller's api/v1/bucket_types.go (the
// same json paths in v1beta2; `spec.serviceAccountName` is v1's only), or a FieldFailure naming the field (a 400).
import { fieldPath, objectField, stringField } from '../../kube/fields';
import type { GroupVersionKind } from '../../review/core';
import type { JsonObject } from '../../review/json';
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

export function readBucket(object: JsonObject, path: string, kind: GroupVersionKind): Bucket {
  const { spec, specPath, ...source } = bucketShape.readSource(object, path);
  const stsPath = fieldPath(specPath, 'sts');
  const sts = objectField(spec, 'sts', stsPath);
  const bucket: Bucket = {
    ...source,
    secretNames: [
      referenceNameOf(spec, 'secretRef', specPath),
      referenceNameOf(spec, 'certSecretRef', specPath),
      referenceNameOf(spec, 'proxySecretRef', specPath),
      referenceNameOf(sts, 'secretRef', stsPath),
      referenceNameOf(sts, 'certSecretRef', stsPath),
    ],
  };
  // v1beta2 has no serviceAccountName: a field the CRD prunes is not read.
  if (hasServiceAccountName(kind.version)) {
    const serviceAccountName = stringField(spec, 'serviceAccountName', fieldPath(specPath, 'serviceAccountName'));
    if (serviceAccountName !== undefined) bucket.serviceAccountName = serviceAccountName;
  }
  return bucket;
}
