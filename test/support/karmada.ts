// Builds Karmada requests, and reads responses through the kit's verifier (as Karmada's webhook client does).
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { patchedObject, verifiedResponse } from '../../lib/kit/answer';
import { splitApiVersion } from '../../lib/review/core';
import type { JsonObject } from '../../lib/review/json';
import type { ResourceInterpreterResponse } from '../../lib/interpreter/wire/types';

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
  const { group, version } = splitApiVersion(String(input.object.apiVersion));
  const metadata = (input.object.metadata ?? {}) as JsonMap;
  const request: JsonMap = {
    uid: input.uid ?? randomUUID(),
    kind: { group, version, kind: String(input.object.kind) },
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

/** The response of an HTTP result, checked the way Karmada checks it before it uses any field (lib/kit/answer.ts). */
export function responseOf(result: APIGatewayProxyStructuredResultV2, uid: string): ResourceInterpreterResponse {
  if (result.statusCode !== 200) throw new Error(`HTTP ${result.statusCode}`);
  return verifiedResponse(JSON.parse(result.body ?? ''), uid);
}

/** Applies a response patch as Karmada does: strictly (replace/remove of a missing path fails). */
export function applyResponsePatch(object: JsonMap, response: ResourceInterpreterResponse): JsonMap {
  return patchedObject(object as JsonObject, response) as JsonMap;
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
