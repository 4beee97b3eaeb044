// The ResourceInterpreterContext Karmada would send for one operation on given objects, and its answer read as
// Karmada reads it: the results it uses (patched object, replicas and requirements, health, status, dependencies).
import { randomUUID } from 'node:crypto';
import { describeJson, isJsonObject } from '../review/json';
import type { InterpreterOperation } from '../interpreter/wire/operations';
import { contextApiVersion, contextKind, type AggregatedStatusItem, type ResourceInterpreterContext, type ResourceInterpreterRequest, type ResourceInterpreterResponse } from '../interpreter/wire/types';
import { type GroupVersionKind } from '../review/core';
import { type JsonObject, type JsonValue } from '../review/json';
import { splitApiVersion } from '../review/core';
import { patchedObject } from './answer';
import { KitError, type InterpreterCase } from './cases';

export interface InterpretInput {
  operation: InterpreterOperation;
  /** The resource template Karmada holds (`--desired-file`, `desiredObj`). */
  desired?: JsonObject;
  /** The object in a member cluster (`--observed-file`, `observedObj`). */
  observed?: JsonObject;
  /** Aggregated status items (`--status-file`, `statusItems`), one per member cluster. */
  statusItems?: JsonValue[];
  /** `request.replicas` (`--desired-replica`, `inputReplicas`): the desired count for ReviseReplica. */
  replicas?: number;
}

/** A named result, as `karmadactl interpret` and Karmada's testdata `output` name them. */
export interface NamedResult {
  name: string;
  value: JsonValue;
}

function kindOf(object: JsonObject, what: string): GroupVersionKind {
  const { apiVersion, kind } = object;
  if (typeof apiVersion !== 'string' || apiVersion === '') throw new KitError(`${what} has no apiVersion`);
  if (typeof kind !== 'string' || kind === '') throw new KitError(`${what} has no kind`);
  return { ...splitApiVersion(apiVersion), kind };
}

const statusItemFieldTypes = { clusterName: 'string', applied: 'boolean', appliedMessage: 'string', health: 'string' } as const;

/**
 * Karmada decodes each item into its AggregatedStatusItem type and sends that: other fields are dropped, a field of
 * the wrong type fails the decoding (so the case), and clusterName (not omitempty) is always sent, "" when the item
 * has none.
 */
function statusItemOf(item: JsonValue, index: number): AggregatedStatusItem {
  if (!isJsonObject(item)) throw new KitError(`status item ${index + 1} must be a mapping, got ${describeJson(item)}`);
  for (const [field, type] of Object.entries(statusItemFieldTypes)) {
    const value = item[field];
    if (value !== undefined && value !== null && typeof value !== type) throw new KitError(`status item ${index + 1}: ${field} must be a ${type}, got ${describeJson(value)}`);
  }
  const result = { clusterName: typeof item.clusterName === 'string' ? item.clusterName : '' } as AggregatedStatusItem;
  for (const field of ['status', 'applied', 'appliedMessage', 'health'] as const) {
    if (item[field] !== undefined && item[field] !== null) (result as unknown as JsonObject)[field] = item[field];
  }
  return result;
}

/**
 * The object `request.object` carries: for Retain the desired object (the observed one goes in
 * `observedObject`); for every other operation the one object given, desired or observed, as Karmada's runner takes it.
 */
function requestObjectOf({ operation, desired, observed }: InterpretInput): JsonObject {
  if (operation === 'Retain') {
    if (desired === undefined) throw new KitError('Retain needs the desired object (desiredObj, --desired-file) and the observed one (observedObj, --observed-file)');
    return desired;
  }
  if (desired !== undefined && observed !== undefined) {
    throw new KitError(`${operation} takes one object: give the desired or the observed object, not both (as Karmada's runner says)`);
  }
  const object = desired ?? observed;
  if (object === undefined) throw new KitError(`${operation} needs an object: desiredObj/--desired-file or observedObj/--observed-file`);
  return object;
}

/** What a case in Karmada's testdata format asks: the same input `--operation` takes from files. */
export function interpretInputOf(input: Pick<InterpreterCase, 'operation' | 'desiredObj' | 'observedObj' | 'statusItems' | 'inputReplicas'>): InterpretInput {
  return {
    operation: input.operation,
    ...(input.desiredObj ? { desired: input.desiredObj } : {}),
    ...(input.observedObj ? { observed: input.observedObj } : {}),
    ...(input.statusItems ? { statusItems: input.statusItems } : {}),
    ...(input.inputReplicas !== undefined ? { replicas: input.inputReplicas } : {}),
  };
}

export interface BuiltRequest {
  context: ResourceInterpreterContext;
  uid: string;
  /** What went in `request.object`: patches apply to it. */
  object: JsonObject;
}

export function interpreterContextFor(input: InterpretInput): BuiltRequest {
  const object = requestObjectOf(input);
  const kind = kindOf(object, input.desired === object ? 'the desired object' : 'the observed object');
  const metadata = isJsonObject(object.metadata) ? object.metadata : {};
  const uid = randomUUID();
  const request: ResourceInterpreterRequest = {
    uid,
    kind,
    name: typeof metadata.name === 'string' ? metadata.name : '',
    operation: input.operation,
    object,
    replicas: input.replicas ?? 0,
  };
  if (typeof metadata.namespace === 'string' && metadata.namespace !== '') request.namespace = metadata.namespace;
  if (input.operation === 'Retain' && input.observed !== undefined) request.observedObject = input.observed;
  if (input.statusItems !== undefined && input.statusItems.length > 0) request.aggregatedStatus = input.statusItems.map(statusItemOf);
  return { context: { apiVersion: contextApiVersion, kind: contextKind, request }, uid, object };
}

/** The results Karmada takes from a successful response, named as `karmadactl interpret` names them. */
export function resultsOf(operation: InterpreterOperation, response: ResourceInterpreterResponse, object: JsonObject): NamedResult[] {
  switch (operation) {
    case 'InterpretReplica':
      return [
        { name: 'replica', value: response.replicas ?? 0 },
        { name: 'requires', value: (response.replicaRequirements ?? null) as JsonValue },
      ];
    case 'InterpretComponent':
      return [{ name: 'components', value: (response.components ?? []) as unknown as JsonValue }];
    case 'ReviseReplica':
      return [{ name: 'revised', value: patchedObject(object, response) }];
    case 'Retain':
      return [{ name: 'retained', value: patchedObject(object, response) }];
    case 'AggregateStatus':
      return [{ name: 'aggregatedStatus', value: patchedObject(object, response) }];
    case 'InterpretStatus':
      return [{ name: 'status', value: response.rawStatus ?? null }];
    case 'InterpretHealth':
      return [{ name: 'healthy', value: response.healthy ?? false }];
    case 'InterpretDependency':
      return [{ name: 'dependencies', value: (response.dependencies ?? []) as unknown as JsonValue }];
  }
}
