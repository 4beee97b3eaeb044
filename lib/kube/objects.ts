// Typed views of the Kubernetes parts kinds share (metadata, pod templates), read with the field readers so a
// wrong type is a 400 naming the field. Types come from `kubernetes-types` (type-only: nothing is bundled).
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import type { ObjectMeta } from 'kubernetes-types/meta/v1';
import { FieldFailure } from '../review/core';
import { describeJson, type JsonObject } from '../review/json';
import { objectField, stringField, stringMapField } from './fields';

export type { ObjectMeta, PodTemplateSpec };

/** The metadata fields interpreters read: name, namespace, labels, annotations, generation (absent when not sent). */
export type ObjectMetaView = Pick<ObjectMeta, 'name' | 'namespace' | 'labels' | 'annotations' | 'generation'>;

/** A generation-like field (`metadata.generation`, `status.observedGeneration`): a non-negative int64. */
export function generationField(parent: JsonObject | undefined, name: string, path: string): number | undefined {
  const value = parent === undefined || !Object.hasOwn(parent, name) ? undefined : parent[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new FieldFailure(path, `must be a non-negative integer, got ${typeof value === 'number' ? value : describeJson(value)}`);
  }
  return value;
}

export function metadataOf(object: JsonObject, path: string): ObjectMetaView {
  const metadata = objectField(object, 'metadata', `${path}.metadata`);
  return {
    name: stringField(metadata, 'name', `${path}.metadata.name`),
    namespace: stringField(metadata, 'namespace', `${path}.metadata.namespace`),
    labels: stringMapField(metadata, 'labels', `${path}.metadata.labels`),
    annotations: stringMapField(metadata, 'annotations', `${path}.metadata.annotations`),
    generation: generationField(metadata, 'generation', `${path}.metadata.generation`),
  };
}

/**
 * A pod template field. The template and its `spec` are checked to be objects here; the fields below them are
 * checked by the interpreter's readers that use them (`templateRequirementsOf`, `templateDependenciesOf`), as they read them.
 * The value is the request's own object, so those readers see exactly what Karmada sent.
 */
export function podTemplateField(parent: JsonObject | undefined, name: string, path: string): PodTemplateSpec | undefined {
  const template = objectField(parent, name, path);
  objectField(template, 'spec', `${path}.spec`);
  return template as PodTemplateSpec | undefined;
}
