// The HelmRepository's one reader: the fields the interpreter uses, from source-controller's
// api/v1/helmrepository_types.go (the same json paths in v1beta2), or a FieldFailure naming the field (a 400).
import { fieldPath, objectField, stringField } from '../../kube/fields';
import type { JsonObject } from '../../review/json';
import { fluxSource, referenceNameOf, sourceMetadataOf, suspendOf, type FluxSource } from '../../shapes/flux-source';

/** Ready's reason on success: `meta.SucceededReason` (source-controller's summarize of ArtifactInStorage). */
export const helmRepositoryShape = fluxSource<HelmRepository>({ aggregatedStrings: ['url'] }, { reasons: ['Succeeded'] });

export interface HelmRepository extends FluxSource {
  /** `spec.type`: `default` (an index.yaml over HTTP) or `oci`, a static object the controller never reconciles. */
  type?: string;
  /** `spec.secretRef.name`: credentials for the repository. */
  secretName?: string;
  /** `spec.certSecretRef.name`: TLS certificates for the repository. */
  certSecretName?: string;
}


export function readHelmRepository(object: JsonObject, path: string): HelmRepository {
  const specPath = fieldPath(path, 'spec');
  const spec = objectField(object, 'spec', specPath);
  const repository: HelmRepository = {
    metadata: sourceMetadataOf(object, path),
    suspend: suspendOf(spec, specPath),
    type: stringField(spec, 'type', fieldPath(specPath, 'type')),
    secretName: referenceNameOf(spec, 'secretRef', specPath),
    certSecretName: referenceNameOf(spec, 'certSecretRef', specPath),
  };
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) repository.status = helmRepositoryShape.readStatus(status, fieldPath(path, 'status'));
  return repository;
}
