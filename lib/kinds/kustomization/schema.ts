// The Kustomization's one reader: an object of either served version becomes the typed view the operations use, or
// a FieldFailure naming the field (a 400). Types are hand-written from kustomize-controller's api/{v1beta2,v1}/
// kustomization_types.go (json tags, the same paths in both versions), for the fields read only (see README.md).
import { booleanField, fieldPath, objectField, objectItems, stringField } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import { metadataOf, type ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { fluxStatus, type FluxStatus } from '../../families/flux/status';

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
  /** `kubeConfig.configMapRef.name` (Flux ≥ 2.6, a workload identity's cluster): in the Kustomization's namespace. */
  kubeConfigConfigMap?: string;
  /** `postBuild.substituteFrom[]`: ConfigMaps and Secrets of variables, in the Kustomization's namespace. */
  substituteFrom: { kind?: string; name?: string }[];
}

function refNameAt(spec: JsonObject, path: string, field: string, refField = 'secretRef'): string | undefined {
  const parentPath = fieldPath(path, field);
  const refPath = fieldPath(parentPath, refField);
  const ref = objectField(objectField(spec, field, parentPath), refField, refPath);
  return stringField(ref, 'name', fieldPath(refPath, 'name'));
}

function substituteFromOf(spec: JsonObject, specPath: string): { kind?: string; name?: string }[] {
  const postBuildPath = fieldPath(specPath, 'postBuild');
  const postBuild = objectField(spec, 'postBuild', postBuildPath);
  const listPath = fieldPath(postBuildPath, 'substituteFrom');
  return objectItems(postBuild, 'substituteFrom', listPath, podTemplateLimits.listItems).map(({ item, path }) => ({
    kind: stringField(item, 'kind', fieldPath(path, 'kind')),
    name: stringField(item, 'name', fieldPath(path, 'name')),
  }));
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
      decryptionSecret: refNameAt(spec, specPath, 'decryption'),
      kubeConfigSecret: refNameAt(spec, specPath, 'kubeConfig'),
      kubeConfigConfigMap: refNameAt(spec, specPath, 'kubeConfig', 'configMapRef'),
      substituteFrom: substituteFromOf(spec, specPath),
    };
  }
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) result.status = kustomizationStatus.read(status, fieldPath(path, 'status'));
  return result;
}
