// Typed views of the Kubernetes parts kinds share (metadata, pod templates), read with the field readers so a
// wrong type is a 400 naming the field. Types come from `kubernetes-types` (type-only: nothing is bundled).
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import type { ObjectMeta } from 'kubernetes-types/meta/v1';
import { invalidInput } from '../protocol/errors';
import { FieldFailure } from '../review/core';
import { describeJson } from '../protocol/json';
import type { AggregatedStatusItem, DependentObjectReference, JsonObject, ReplicaRequirements } from '../protocol/types';
import { objectField, stringField, stringMapField } from './fields';
import { dependenciesOf, replicaRequirementsOf } from './pod-template';

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
 * checked by the readers that use them (`templateRequirementsOf`, `templateDependenciesOf`), as they read them.
 * The value is the request's own object, so those readers see exactly what Karmada sent.
 */
export function podTemplateField(parent: JsonObject | undefined, name: string, path: string): PodTemplateSpec | undefined {
  const template = objectField(parent, name, path);
  objectField(template, 'spec', `${path}.spec`);
  return template as PodTemplateSpec | undefined;
}

/** Per-replica requirements of a template read by `podTemplateField` (see `replicaRequirementsOf`). */
export function templateRequirementsOf(template: PodTemplateSpec | undefined, path: string): ReplicaRequirements | undefined {
  return replicaRequirementsOf(template as JsonObject | undefined, path);
}

/** ConfigMaps, Secrets, ServiceAccount and PVCs a template read by `podTemplateField` references (see `dependenciesOf`). */
export function templateDependenciesOf(
  template: PodTemplateSpec | undefined,
  path: string,
  namespace: string | undefined,
): DependentObjectReference[] {
  return dependenciesOf(template as JsonObject | undefined, path, namespace);
}

/**
 * The member statuses of an AggregateStatus request, each decoded by `decode` (what the kind's InterpretStatus
 * returned); items without a status are skipped, a status that is not an object is a 400 naming the item.
 */
export function memberStatusesOf<S>(
  items: readonly AggregatedStatusItem[] | undefined,
  decode: (status: JsonObject, path: string) => S,
): { clusterName: string; status: S }[] {
  const statuses: { clusterName: string; status: S }[] = [];
  // A plain loop: flatMap's array per item cost as much as the decoding on a small AggregateStatus.
  for (let index = 0; index < (items?.length ?? 0); index++) {
    const { clusterName, status } = items![index]!;
    if (status === undefined || status === null) continue;
    const path = `request.aggregatedStatus[${index}].status`;
    if (typeof status !== 'object' || Array.isArray(status)) {
      throw invalidInput(`${path} must be an object (what InterpretStatus returned for ${clusterName}), got ${describeJson(status)}`);
    }
    statuses.push({ clusterName, status: decode(status, path) });
  }
  return statuses;
}
