// What every answer of the transport must satisfy, whatever the input: the properties the fuzzer checks.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { isInterpreterOperation } from '../../lib/interpreter/wire/operations';
import type { ResourceInterpreterResponse } from '../../lib/interpreter/wire/types';
import { maxBodyBytes } from '../../lib/transport/http-api';
import { applyResponsePatch, type Json, type JsonMap } from '../support/karmada';
import type { Call } from './arbitraries';

const int32Max = 2 ** 31 - 1;

export class PropertyViolation extends Error {
  override name = 'PropertyViolation';
}

function fail(message: string): never {
  throw new PropertyViolation(message);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy with everything below `depth` levels cut to null: patch paths are shallow, so strictness is unaffected. */
function truncated(value: Json, depth: number): Json {
  if (typeof value !== 'object' || value === null) return value;
  if (depth === 0) return null;
  if (Array.isArray(value)) return value.map((item) => truncated(item, depth - 1));
  const copy: JsonMap = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, { value: truncated(value[key]!, depth - 1), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The uid Karmada would expect back: a string at request.uid of a readable body. */
export function readableUid(parsed: unknown): string | undefined {
  if (!isObject(parsed) || !Object.hasOwn(parsed, 'request') || !isObject(parsed.request)) return undefined;
  const uid = parsed.request.uid;
  return Object.hasOwn(parsed.request, 'uid') && typeof uid === 'string' ? uid : undefined;
}

type Snapshot = Map<object, Map<string | symbol, unknown[]>>;
const watchedPrototypes: object[] = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype, Boolean.prototype];

function prototypeSnapshot(): Snapshot {
  return new Map(
    watchedPrototypes.map((prototype) => [
      prototype,
      new Map(
        Reflect.ownKeys(prototype).map((key) => {
          const d = Object.getOwnPropertyDescriptor(prototype, key)!;
          return [key, [d.value, d.get, d.set, d.enumerable, d.writable]];
        }),
      ),
    ]),
  );
}

const baseline = prototypeSnapshot();

/** Fails if any built-in prototype gained, lost or changed a property since this module loaded. */
export function assertNoPrototypePollution(): void {
  const now = prototypeSnapshot();
  for (const [prototype, properties] of baseline) {
    const current = now.get(prototype)!;
    if (current.size !== properties.size) fail(`a built-in prototype changed: ${[...current.keys()].filter((k) => !properties.has(k)).map(String).join(', ')}`);
    for (const [key, values] of properties) {
      const after = current.get(key);
      if (after === undefined || after.some((value, i) => value !== values[i])) fail(`built-in prototype property ${String(key)} changed`);
    }
  }
  if (({} as Record<string, unknown>).polluted !== undefined) fail('Object.prototype.polluted is set');
}

function checkReplicaRequirements(value: unknown, path: string): void {
  if (value === undefined) return;
  if (!isObject(value)) fail(`${path} must be an object`);
  if (value.resourceRequest !== undefined) {
    if (!isObject(value.resourceRequest)) fail(`${path}.resourceRequest must be an object`);
    for (const [name, quantity] of Object.entries(value.resourceRequest)) {
      if (typeof quantity !== 'string' || quantity === '') fail(`${path}.resourceRequest.${name} must be a quantity string`);
    }
  }
  if (value.nodeClaim !== undefined && !isObject(value.nodeClaim)) fail(`${path}.nodeClaim must be an object`);
}

function checkInt32Count(value: unknown, path: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > int32Max || Object.is(value, -0)) {
    fail(`${path} must be an integer in 0..2^31-1, got ${String(value)}`);
  }
}

/** Karmada's per-operation checks on a successful answer, plus the patch applied strictly to request.object. */
function checkSuccess(operation: string, request: Record<string, unknown>, response: ResourceInterpreterResponse): void {
  if ((response.patch === undefined) !== (response.patchType === undefined)) fail('patch and patchType must come together');
  if (response.patchType !== undefined && response.patchType !== 'JSONPatch') fail(`patchType ${String(response.patchType)}`);
  switch (operation) {
    case 'InterpretReplica':
      checkInt32Count(response.replicas, 'replicas');
      checkReplicaRequirements(response.replicaRequirements, 'replicaRequirements');
      break;
    case 'InterpretComponent': {
      if (response.components === undefined) break;
      if (!Array.isArray(response.components)) fail('components must be an array');
      const names = new Set<string>();
      response.components.forEach((component, i) => {
        if (!isObject(component) || typeof component.name !== 'string' || component.name === '' || component.name.length > 32) fail(`components[${i}].name`);
        if (names.has(component.name)) fail(`components[${i}].name is a duplicate`);
        names.add(component.name);
        checkInt32Count(component.replicas, `components[${i}].replicas`);
        checkReplicaRequirements(component.replicaRequirements, `components[${i}].replicaRequirements`);
      });
      break;
    }
    case 'InterpretStatus':
      if (!isObject(response.rawStatus)) fail('rawStatus must be an object');
      break;
    case 'InterpretHealth':
      if (typeof response.healthy !== 'boolean') fail('healthy must be a boolean');
      break;
    case 'InterpretDependency':
      if (response.dependencies === undefined) break;
      if (!Array.isArray(response.dependencies)) fail('dependencies must be an array');
      response.dependencies.forEach((dependency, i) => {
        if (!isObject(dependency)) fail(`dependencies[${i}] must be an object`);
        if (typeof dependency.apiVersion !== 'string' || dependency.apiVersion === '') fail(`dependencies[${i}].apiVersion`);
        if (typeof dependency.kind !== 'string' || dependency.kind === '') fail(`dependencies[${i}].kind`);
        const named = typeof dependency.name === 'string' && dependency.name !== '';
        if (!named && !isObject(dependency.labelSelector)) fail(`dependencies[${i}] needs a name or a labelSelector`);
        if (dependency.namespace !== undefined && typeof dependency.namespace !== 'string') fail(`dependencies[${i}].namespace`);
      });
      break;
    default:
      break;
  }
  if (response.patch !== undefined) {
    if (!['ReviseReplica', 'Retain', 'AggregateStatus'].includes(operation)) fail(`${operation} must not answer a patch`);
    const object = request.object as JsonMap;
    const kind = (request.kind as JsonMap).kind as string;
    const target = truncated(object, 64) as JsonMap;
    if (target.kind === undefined) Object.defineProperty(target, 'kind', { value: kind, enumerable: true, writable: true, configurable: true });
    let patched: JsonMap;
    try {
      patched = applyResponsePatch(target, response);
    } catch (error) {
      fail(`the patch does not apply strictly to request.object: ${(error as Error).message}`);
    }
    if (patched.kind !== target.kind) fail('the patch changed kind');
  }
}

export interface Verdict {
  httpStatus: number;
  successful: boolean;
  code: number;
}

/** Runs one call through the real handler and checks every property; throws PropertyViolation on a breach. */
export async function checkCall({ handler, event, text }: Call): Promise<Verdict> {
  let result: APIGatewayProxyStructuredResultV2;
  try {
    result = await handler(event);
  } catch (error) {
    fail(`the handler threw: ${error instanceof Error ? error.stack : String(error)}`);
  }
  assertNoPrototypePollution();
  return checkAnswer(text, result);
}

/**
 * The properties of one answer to a request whose body text was `text`, wherever the answer came from (a handler
 * call, or an HTTP response of the local server shaped as a result). Throws PropertyViolation on a breach.
 */
export function checkAnswer(text: string, result: APIGatewayProxyStructuredResultV2): Verdict {
  const oversized = Buffer.byteLength(text) > maxBodyBytes;
  const httpStatus = result.statusCode ?? 200;
  if (oversized ? httpStatus !== 413 : httpStatus !== 200) fail(`HTTP ${httpStatus} for a ${Buffer.byteLength(text)}-byte body`);
  const contentType = result.headers?.['content-type'];
  if (contentType !== 'application/json') fail(`content-type ${String(contentType)}`);
  if (typeof result.body !== 'string' || result.body === '') fail('empty response body');

  const context = parseOrUndefined(result.body);
  if (!isObject(context)) fail('the response body is not a JSON object');
  if (context.apiVersion !== 'config.karmada.io/v1alpha1') fail(`apiVersion ${String(context.apiVersion)}`);
  if (context.kind !== 'ResourceInterpreterContext') fail(`kind ${String(context.kind)}`);
  const response = context.response;
  if (!isObject(response)) fail('no response');
  if (typeof response.uid !== 'string') fail('response.uid must be a string');
  if (typeof response.successful !== 'boolean') fail('response.successful must be a boolean');

  const parsed = oversized ? undefined : parseOrUndefined(text);
  const uid = readableUid(parsed);
  if (uid !== undefined && response.uid !== uid) fail(`uid ${JSON.stringify(response.uid)} does not echo ${JSON.stringify(uid)}`);

  if (response.successful) {
    if (response.status !== undefined) fail('a success must not carry status');
    const request = (parsed as { request: Record<string, unknown> }).request;
    const operation = request.operation;
    if (!isInterpreterOperation(operation)) fail(`success for operation ${String(operation)}`);
    checkSuccess(operation, request, response as unknown as ResourceInterpreterResponse);
    return { httpStatus, successful: true, code: 200 };
  }

  const status = response.status;
  if (!isObject(status)) fail('a failure must carry status');
  if (typeof status.code !== 'number' || !Number.isInteger(status.code)) fail('status.code must be an integer');
  if (typeof status.message !== 'string' || status.message === '') fail('status.message must be a non-empty string');
  const code = status.code;
  if (oversized) {
    if (code !== 413) fail(`code ${code} for an oversized body`);
  } else if (code !== 400 && code !== 404) {
    fail(`code ${code}: ${status.message}`);
  }
  if (/\n\s+at |\.ts:\d+|node_modules/.test(status.message)) fail('status.message leaks a stack trace');
  return { httpStatus, successful: false, code };
}
