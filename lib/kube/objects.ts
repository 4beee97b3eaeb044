// Typed views of the Kubernetes parts kinds share (metadata, pod templates), read with the field readers so a
// wrong type is a 400 naming the field, or kube's field errors for a collecting `Reading` (admission). Types come
// from `kubernetes-types` (type-only: nothing is bundled).
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import type { ObjectMeta } from 'kubernetes-types/meta/v1';
import { describeJson, type JsonObject } from '../review/json';
import { invalid, typeInvalid } from './field-errors';
import { fieldPath as at, objectField, stringField, stringMapField, wrongField, type Reading } from './fields';

export type { ObjectMeta, PodTemplateSpec };

/** The metadata fields interpreters read: name, namespace, labels, annotations, generation (absent when not sent). */
export type ObjectMetaView = Pick<ObjectMeta, 'name' | 'namespace' | 'labels' | 'annotations' | 'generation'>;

/** A generation-like field (`metadata.generation`, `status.observedGeneration`): a non-negative int64 a JSON number holds exactly. */
export function generationField(parent: JsonObject | undefined, name: string, path: string, reading?: Reading): number | undefined {
  const value = parent === undefined || !Object.hasOwn(parent, name) ? undefined : parent[name];
  if (value === undefined || (value === null && reading?.nullIsWrong !== true)) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  const detail = `must be a non-negative integer, got ${typeof value === 'number' ? value : describeJson(value)}`;
  if (typeof value !== 'number' || !Number.isInteger(value)) return wrongField(reading, path, detail, typeInvalid(path, value, 'integer'));
  if (value < 0) return wrongField(reading, path, detail, invalid(path, value, 'must be greater than or equal to 0'));
  return wrongField(reading, path, detail, invalid(path, value, `must be less than or equal to ${Number.MAX_SAFE_INTEGER}`));
}

export function metadataOf(object: JsonObject, path: string, reading?: Reading): ObjectMetaView {
  const metadataPath = at(path, 'metadata');
  const metadata = objectField(object, 'metadata', metadataPath, reading);
  return {
    name: stringField(metadata, 'name', `${metadataPath}.name`, reading),
    namespace: stringField(metadata, 'namespace', `${metadataPath}.namespace`, reading),
    labels: stringMapField(metadata, 'labels', `${metadataPath}.labels`, reading),
    annotations: stringMapField(metadata, 'annotations', `${metadataPath}.annotations`, reading),
    generation: generationField(metadata, 'generation', `${metadataPath}.generation`, reading),
  };
}

/**
 * A pod template field. The template and its `spec` are checked to be objects here; the fields below them are
 * checked by the interpreter's readers that use them (`templateRequirementsOf`, `templateDependenciesOf`), as they read them.
 * The value is the request's own object, so those readers see exactly what Karmada sent.
 */
export function podTemplateField(parent: JsonObject | undefined, name: string, path: string, reading?: Reading): PodTemplateSpec | undefined {
  const template = objectField(parent, name, path, reading);
  objectField(template, 'spec', `${path}.spec`, reading);
  return template as PodTemplateSpec | undefined;
}
