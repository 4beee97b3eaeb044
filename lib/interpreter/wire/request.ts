// Decoding and validation of an incoming ResourceInterpreterContext, with messages that tell an operator what to fix.
import { apiVersionOf } from '../../review/core';
import { invalidInput } from './errors';
import { describeJson as describe, int32Max, isJsonObject, quoted } from '../../review/json';
import { interpreterOperations, isInterpreterOperation, type InterpreterOperation } from './operations';
import { contextApiVersion, contextKind, type AggregatedStatusItem, type ResourceHealth, type ResourceInterpreterRequest } from './types';
import { type GroupVersionKind } from '../../review/core';
import { type JsonObject, type JsonValue } from '../../review/json';

const healthValues: ReadonlySet<string> = new Set(['Healthy', 'Unhealthy', 'Unknown']);



function requireString(parent: JsonObject, field: string, path: string, { allowEmpty = false } = {}): string {
  const value = parent[field];
  if (value === undefined) throw invalidInput(`${path}.${field} is required`);
  if (typeof value !== 'string') throw invalidInput(`${path}.${field} must be a string, got ${describe(value)}`);
  if (!allowEmpty && value === '') throw invalidInput(`${path}.${field} must not be empty`);
  return value;
}

function optionalString(parent: JsonObject, field: string, path: string): string | undefined {
  const value = parent[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidInput(`${path}.${field} must be a string, got ${describe(value)}`);
  return value;
}

/** The count Karmada sends in `request.replicas`: an int32, never negative. */
function replicasOf(request: JsonObject, operation: InterpreterOperation): number {
  const value = request.replicas;
  if (value === undefined || value === null) {
    if (operation === 'ReviseReplica') throw invalidInput('request.replicas is required for ReviseReplica (the desired replica count)');
    return 0;
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw invalidInput(`request.replicas must be an integer, got ${typeof value === 'number' ? value : describe(value)}`);
  }
  if (value < 0) throw invalidInput(`request.replicas must not be negative, got ${value}`);
  if (value > int32Max) throw invalidInput(`request.replicas must fit in an int32, got ${value}`);
  return value;
}

function groupVersionKindOf(request: JsonObject): GroupVersionKind {
  const kind = request.kind;
  if (kind === undefined) throw invalidInput('request.kind is required ({group, version, kind} of the object)');
  if (!isJsonObject(kind)) throw invalidInput(`request.kind must be an object {group, version, kind}, got ${describe(kind)}`);
  return {
    group: requireString(kind, 'group', 'request.kind', { allowEmpty: true }),
    version: requireString(kind, 'version', 'request.kind'),
    kind: requireString(kind, 'kind', 'request.kind'),
  };
}


function objectOf(request: JsonObject, field: 'object' | 'observedObject', gvk: GroupVersionKind): JsonObject {
  const object = request[field];
  if (!isJsonObject(object)) throw invalidInput(`request.${field} must be a Kubernetes object, got ${describe(object)}`);
  const apiVersion = object.apiVersion;
  const kind = object.kind;
  const expected = apiVersionOf(gvk.group, gvk.version);
  if (apiVersion !== undefined && apiVersion !== expected) {
    throw invalidInput(`request.${field}.apiVersion is ${quoted(apiVersion)} but request.kind says ${quoted(expected)}`);
  }
  if (kind !== undefined && kind !== gvk.kind) {
    throw invalidInput(`request.${field}.kind is ${quoted(kind)} but request.kind says ${quoted(gvk.kind)}`);
  }
  if (object.metadata !== undefined && !isJsonObject(object.metadata)) {
    throw invalidInput(`request.${field}.metadata must be an object, got ${describe(object.metadata)}`);
  }
  return object;
}

function aggregatedStatusOf(request: JsonObject): AggregatedStatusItem[] | undefined {
  const items = request.aggregatedStatus;
  if (items === undefined || items === null) return undefined;
  if (!Array.isArray(items)) throw invalidInput(`request.aggregatedStatus must be an array, got ${describe(items)}`);
  return items.map((item: JsonValue, index) => {
    const path = `request.aggregatedStatus[${index}]`;
    if (!isJsonObject(item)) throw invalidInput(`${path} must be an object, got ${describe(item)}`);
    // Karmada's own catalogue cases send items without a clusterName; '' is what an absent Go string reads as.
    const clusterName = optionalString(item, 'clusterName', path) ?? '';
    const result: AggregatedStatusItem = { clusterName };
    if (item.status !== undefined && item.status !== null) result.status = item.status;
    if (item.applied !== undefined) {
      if (typeof item.applied !== 'boolean') throw invalidInput(`${path}.applied must be a boolean, got ${describe(item.applied)}`);
      result.applied = item.applied;
    }
    const appliedMessage = optionalString(item, 'appliedMessage', path);
    if (appliedMessage !== undefined) result.appliedMessage = appliedMessage;
    const health = optionalString(item, 'health', path);
    if (health !== undefined) {
      if (!healthValues.has(health)) throw invalidInput(`${path}.health must be Healthy, Unhealthy or Unknown, got ${quoted(health)}`);
      result.health = health as ResourceHealth;
    }
    return result;
  });
}

function operationOf(request: JsonObject, routeOperation: InterpreterOperation | undefined): InterpreterOperation {
  const operation = request.operation;
  if (operation === undefined) throw invalidInput('request.operation is required');
  if (operation === 'Prune') {
    throw invalidInput('request.operation "Prune" is not served: Karmada never sends it and rejects it in webhook rules');
  }
  if (!isInterpreterOperation(operation)) {
    throw invalidInput(`request.operation ${quoted(operation)} is not an interpreter operation; expected one of ${interpreterOperations.join(', ')}`);
  }
  if (routeOperation !== undefined && operation !== routeOperation) {
    throw invalidInput(`request.operation is ${operation} but this URL serves ${routeOperation}; point the webhook for ${operation} at its own route or at /interpreter`);
  }
  return operation;
}

/**
 * Validates the envelope and the fields Karmada always sends. What the object itself must look like is the
 * business of the kind's interpreter, after the registry lookup. `readUid` is `uidOf(body)` when the caller has
 * read it already (the transport has): a non-empty one is taken as the uid, not read a second time.
 */
export function decodeInterpreterRequest(body: unknown, routeOperation?: InterpreterOperation, readUid = ''): ResourceInterpreterRequest {
  if (!isJsonObject(body)) throw invalidInput(`the body must be a JSON object (a ResourceInterpreterContext), got ${describe(body)}`);
  if (body.apiVersion !== undefined && body.apiVersion !== contextApiVersion) {
    throw invalidInput(`apiVersion ${quoted(body.apiVersion)} is not supported; expected ${contextApiVersion}`);
  }
  if (body.kind !== undefined && body.kind !== contextKind) {
    throw invalidInput(`kind ${quoted(body.kind)} is not supported; expected ${contextKind}`);
  }
  const request = body.request;
  if (request === undefined || request === null) throw invalidInput('the ResourceInterpreterContext has no request');
  if (!isJsonObject(request)) throw invalidInput(`request must be an object, got ${describe(request)}`);

  // Only a uid that is missing, not a string, or empty is read again: to say which in the refusal.
  const uid = readUid !== '' ? readUid : requireString(request, 'uid', 'request');
  const operation = operationOf(request, routeOperation);
  const kind = groupVersionKindOf(request);
  if (request.object === undefined || request.object === null) throw invalidInput('request.object is required');
  const object = objectOf(request, 'object', kind);
  const name = optionalString(request, 'name', 'request') ?? '';
  const namespace = optionalString(request, 'namespace', 'request');
  const replicas = replicasOf(request, operation);

  const decoded: ResourceInterpreterRequest = { uid, kind, name, operation, object, replicas };
  if (namespace !== undefined && namespace !== '') decoded.namespace = namespace;
  if (request.observedObject !== undefined && request.observedObject !== null) {
    decoded.observedObject = objectOf(request, 'observedObject', kind);
  } else if (operation === 'Retain') {
    throw invalidInput('request.observedObject is required for Retain (the live object in the member cluster)');
  }
  const aggregatedStatus = aggregatedStatusOf(request);
  if (aggregatedStatus !== undefined) decoded.aggregatedStatus = aggregatedStatus;
  return decoded;
}
