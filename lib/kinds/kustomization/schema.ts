// The Kustomization's one reader: an object of either served version becomes the typed view the operations use, or
// a FieldFailure naming the field (a 400). Types are hand-written from kustomize-controller's api/{v1beta2,v1}/
// kustomization_types.go (json tags, the same paths in both versions), for the fields read only (see README.md).
import { booleanField, fieldPath, objectField, stringField } from '../../kube/fields';
import { metadataOf, type ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { fluxStatus, type FluxStatus } from '../../shapes/flux-status';

/** KustomizationStatus: the fields Karmada's catalogue reflects. */
export const kustomizationStatus = fluxStatus({
  latestStrings: ['lastAppliedRevision', 'lastAttemptedRevision'],
  latestNumbers: [],
  sums: [],
});

export interface Kustomization {
  metadata: ObjectMetaView;
  spec?: KustomizationSpec;
  status?: FluxStatus;
}

export interface KustomizationSpec {
  suspend?: boolean;
  serviceAccountName?: string;
  /** `decryption.secretRef.name`: in the Kustomization's namespace. */
  decryptionSecret?: string;
  /** `kubeConfig.secretRef.name`: in the Kustomization's namespace. */
  kubeConfigSecret?: string;
}

function secretNameAt(spec: JsonObject, path: string, field: string): string | undefined {
  const parentPath = fieldPath(path, field);
  const refPath = fieldPath(parentPath, 'secretRef');
  const ref = objectField(objectField(spec, field, parentPath), 'secretRef', refPath);
  return stringField(ref, 'name', fieldPath(refPath, 'name'));
}

/** Reads every field the interpreter uses; it never defaults or alters a value. */
export function readKustomization(object: JsonObject, path: string): Kustomization {
  const result: Kustomization = { metadata: metadataOf(object, path) };
  const specPath = fieldPath(path, 'spec');
  const spec = objectField(object, 'spec', specPath);
  if (spec !== undefined) {
    result.spec = {
      suspend: booleanField(spec, 'suspend', fieldPath(specPath, 'suspend')),
      serviceAccountName: stringField(spec, 'serviceAccountName', fieldPath(specPath, 'serviceAccountName')),
      decryptionSecret: secretNameAt(spec, specPath, 'decryption'),
      kubeConfigSecret: secretNameAt(spec, specPath, 'kubeConfig'),
    };
  }
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) result.status = kustomizationStatus.read(status, fieldPath(path, 'status'));
  return result;
}
