// The OCIRepository's one reader: the fields the interpreter uses, from source-controller's
// api/v1/ocirepository_types.go (the same json paths in v1beta2), or a FieldFailure naming the field (a 400).
import { fieldPath, objectField, stringField } from '../../kube/fields';
import type { JsonObject } from '../../review/json';
import { fluxSource, referenceNameOf, type FluxSource, type SourceCredentials } from '../../families/flux/source';

/** Ready's reason on success: `meta.SucceededReason`. `observedIgnore` and `observedLayerSelector` are reflected only. */
export const ociRepositoryShape = fluxSource<OCIRepository>(
  { aggregatedStrings: ['url'], reflected: ['observedIgnore', 'observedLayerSelector'] },
  { reasons: ['Succeeded'] },
);

export interface OCIRepository extends FluxSource, SourceCredentials {
  /** `spec.secretRef`, `spec.certSecretRef`, `spec.proxySecretRef`, `spec.verify.secretRef`, `spec.verify.trustedRootSecretRef` names. */
  secretNames: (string | undefined)[];
  /** `spec.serviceAccountName`: its image pull secrets authenticate to the registry. */
  serviceAccountName?: string;
}


export function readOCIRepository(object: JsonObject, path: string): OCIRepository {
  const { spec, specPath, ...source } = ociRepositoryShape.readSource(object, path);
  const verifyPath = fieldPath(specPath, 'verify');
  const verify = objectField(spec, 'verify', verifyPath);
  return {
    ...source,
    secretNames: [
      referenceNameOf(spec, 'secretRef', specPath),
      referenceNameOf(verify, 'secretRef', verifyPath),
      referenceNameOf(spec, 'certSecretRef', specPath),
      referenceNameOf(spec, 'proxySecretRef', specPath),
      referenceNameOf(verify, 'trustedRootSecretRef', verifyPath),
    ],
    serviceAccountName: stringField(spec, 'serviceAccountName', fieldPath(specPath, 'serviceAccountName')),
  };
}
