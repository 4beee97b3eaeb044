// Builds Karmada requests and reads responses the way Karmada's webhook client verifies them.
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import fastJsonPatch from 'fast-json-patch';
import type { ResourceInterpreterContext, ResourceInterpreterResponse } from '../../lib/protocol/types';

const { applyPatch } = fastJsonPatch;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonMap = { [key: string]: Json };

export interface RequestInput {
  operation: string;
  object: JsonMap;
  observedObject?: JsonMap;
  replicas?: number;
  aggregatedStatus?: Json[];
  uid?: string;
}

export function interpreterContext(input: RequestInput): JsonMap {
  const [group, version] = String(input.object.apiVersion).includes('/')
    ? String(input.object.apiVersion).split('/')
    : ['', String(input.object.apiVersion)];
  const metadata = (input.object.metadata ?? {}) as JsonMap;
  const request: JsonMap = {
    uid: input.uid ?? randomUUID(),
    kind: { group: group!, version: version!, kind: String(input.object.kind) },
    name: (metadata.name as string) ?? '',
    operation: input.operation,
    object: input.object,
    replicas: input.replicas ?? 0,
  };
  if (typeof metadata.namespace === 'string') request.namespace = metadata.namespace;
  if (input.observedObject) request.observedObject = input.observedObject;
  if (input.aggregatedStatus && input.aggregatedStatus.length > 0) request.aggregatedStatus = input.aggregatedStatus;
  return { apiVersion: 'config.karmada.io/v1alpha1', kind: 'ResourceInterpreterContext', request };
}

/** The response of an HTTP result, checked the way Karmada checks it before it uses any field. */
export function responseOf(result: APIGatewayProxyStructuredResultV2, uid: string): ResourceInterpreterResponse {
  if (result.statusCode !== 200) throw new Error(`HTTP ${result.statusCode}`);
  const context = JSON.parse(result.body ?? '') as ResourceInterpreterContext;
  if (context.apiVersion !== undefined && context.apiVersion !== 'config.karmada.io/v1alpha1') throw new Error('bad apiVersion');
  if (context.kind !== undefined && context.kind !== 'ResourceInterpreterContext') throw new Error('bad kind');
  const response = context.response;
  if (response === undefined) throw new Error('no response');
  if (response.uid !== uid) throw new Error(`uid ${response.uid} != ${uid}`);
  if (!response.successful && (response.status === undefined || typeof response.status.code !== 'number')) throw new Error('failure without status');
  if ((response.patch === undefined) !== (response.patchType === undefined)) throw new Error('patch and patchType must come together');
  if (response.patchType !== undefined && response.patchType !== 'JSONPatch') throw new Error('patchType must be JSONPatch');
  return response;
}

/** Applies a response patch as Karmada does: strictly (replace/remove of a missing path fails). */
export function applyResponsePatch(object: JsonMap, response: ResourceInterpreterResponse): JsonMap {
  if (response.patch === undefined) return structuredClone(object);
  const operations = JSON.parse(Buffer.from(response.patch, 'base64').toString('utf8'));
  if (Buffer.from(response.patch, 'base64').toString('base64') !== response.patch) {
    throw new Error('patch is not standard padded base64');
  }
  const result = applyPatch(structuredClone(object), operations, true, false).newDocument as JsonMap;
  if (typeof result !== 'object' || result === null || typeof result.kind !== 'string') throw new Error('patched result must be an object with kind');
  return result;
}

/** A Workload `nginx` in `default` with `replicas` wanted and as many ready: healthy. */
export function readyWorkload(replicas: number): JsonMap {
  return {
    apiVersion: 'workload.example.io/v1alpha1',
    kind: 'Workload',
    metadata: { name: 'nginx', namespace: 'default' },
    spec: { replicas },
    status: { readyReplicas: replicas },
  };
}
