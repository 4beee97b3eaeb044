// The OCIRepository's one reader: the fields the interpreter uses, from source-controller's
// api/v1/ocirepository_types.go (the same json paths in v1beta2), or a FieldFailure naming the field (a 400).
import { fieldPath, objectField, stringField } from '../../kube/fields';
import type { JsonObject } from '../../review/json';
import { fluxSource, referenceNameOf, sourceMetadataOf, suspendOf, type FluxSource } from '../../shapes/flux-source';

/** Ready's reason on success: `meta.SucceededReason`. `observedIgnore` and `observedLayerSelector` are reflected only. */
export const ociRepositoryShape = fluxSource<OCIRepository>(
  { aggregatedStrings: ['url'], reflected: ['observedIgnore', 'observedLayerSelector'] },
  { reasons: ['Succeeded'] },
);

export interface OCIRepository extends FluxSource {
  /** `spec.secretRef`, `spec.certSecretRef`, `spec.proxySecretRef`, `spec.verify.secretRef`, `spec.verify.trustedRootSecretRef` names. */
  secretNames: (string | undefined)[];
  /** `spec.serviceAccountName`: its image pull secrets authenticate to the registry. */
  serviceAccountName?: string;
}


export function readOCIRepository(object: JsonObject, path: string): OCIRepository {
  const specPath = fieldPath(path, 'spec');
  const spec = objectField(object, 'spec', specPath);
  const verifyPath = fieldPath(specPath, 'verify');
  const verify = objectField(spec, 'verify', verifyPath);
  const repository: OCIRepository = {
    metadata: sourceMetadataOf(object, path),
    suspend: suspendOf(spec, specPath),
    secretNames: [
      referenceNameOf(spec, 'secretRef', specPath),
      referenceNameOf(verify, 'secretRef', verifyPath),
      referenceNameOf(spec, 'certSecretRef', specPath),
      referenceNameOf(spec, 'proxySecretRef', specPath),
      referenceNameOf(verify, 'trustedRootSecretRef', verifyPath),
    ],
    serviceAccountName: stringField(spec, 'serviceAccountName', fieldPath(specPath, 'serviceAccountName')),
  };
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) repository.status = ociRepositoryShape.readStatus(status, fieldPath(path, 'status'));
  return repository;
}
