// Inputs for the transport properties: arbitrary bytes and JSON, and structure-aware mutations of valid Karmada bodies.
import fc from 'fast-check';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { handlersByFunction } from '../../lib/local/functions';
import { interpreterOperations, routeSegmentOf, type InterpreterOperation } from '../../lib/interpreter/wire/operations';
import type { HttpApiHandler } from '../../lib/transport/http-api';
import { httpApiEvent } from '../support/events';
import type { Json, JsonMap } from '../support/karmada';
import { seeds } from './seeds';

/** Where a request goes: one operation's route, the dispatcher, or the dispatcher behind a caller token. */
export type Target = { route: 'operation'; operation: InterpreterOperation } | { route: 'dispatcher' } | { route: 'token-dispatcher' };

/** How the body travels: the Content-Type header (undefined: none) and base64 or not. */
export interface Envelope {
  contentType: string | undefined;
  base64: boolean;
}

export interface Call {
  handler: HttpApiHandler;
  event: APIGatewayProxyEventV2;
  /** The body text the handler sees once decoded (base64 bodies are decoded as UTF-8, as the transport does). */
  text: string;
}

export function callOf(target: Target, envelope: Envelope, body: string | Uint8Array): Call {
  const segment = target.route === 'operation' ? routeSegmentOf[target.operation] : undefined;
  const functionName = segment ?? 'dispatcher';
  const routePath = target.route === 'operation' ? `/interpreter/${segment}` : target.route === 'dispatcher' ? '/interpreter' : '/{token}/interpreter';
  const rawPath = target.route === 'token-dispatcher' ? '/s3cr3t-token/interpreter' : routePath;
  const bytes = typeof body === 'string' ? undefined : Buffer.from(body);
  const base64 = envelope.base64 || bytes !== undefined;
  const rawBody = bytes !== undefined ? bytes.toString('base64') : base64 ? Buffer.from(body as string).toString('base64') : (body as string);
  const event = httpApiEvent({ routePath, rawPath, rawBody, ...(target.route === 'token-dispatcher' ? { pathParameters: { token: 's3cr3t-token' } } : {}) });
  // httpApiEvent base64-encodes rawBody itself when asked to; the body is already in its final form here.
  event.isBase64Encoded = base64;
  if (envelope.contentType === undefined) delete event.headers['content-type'];
  else event.headers['content-type'] = envelope.contentType;
  const text = base64 ? Buffer.from(rawBody, 'base64').toString('utf8') : rawBody;
  return { handler: handlersByFunction[functionName]!, event, text };
}

export const targetArb: fc.Arbitrary<Target> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...interpreterOperations).map((operation): Target => ({ route: 'operation', operation })) },
  { weight: 2, arbitrary: fc.constant<Target>({ route: 'dispatcher' }) },
  { weight: 1, arbitrary: fc.constant<Target>({ route: 'token-dispatcher' }) },
);

export const envelopeArb: fc.Arbitrary<Envelope> = fc.record({
  contentType: fc.oneof(
    { weight: 12, arbitrary: fc.constant('application/json') },
    {
      weight: 3,
      arbitrary: fc.constantFrom<string | undefined>('application/json; charset=utf-8', 'Application/JSON', ' application/json ;x=y', undefined, 'text/plain', 'application/jsonx', ''),
    },
  ),
  base64: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

/** Strings Karmada bodies never carry but a fuzzer should: lone surrogates, NUL, line separators, combining marks. */
const oddStrings = ['\ud800', '\udfff', 'a\ud800b', '\udc00\ud800', '\u0000', '\u2028\u2029', '💥', 'e\u0301', '\u202eabc', '', ' ', 'null', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

export const stringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...oddStrings) },
);

export const jsonArb: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }) as fc.Arbitrary<Json>;

const wrongTypes: Json[] = [null, true, false, 0, -1, 1.5, '', 'x', '3', [], {}, [1], { a: 1 }, [{}], ['x']];

/** Number literals as they appear in the body text: JSON.stringify could not write most of them. */
export const numberLiterals = [
  '1e308', '-1e308', '1e400', '-1e400', '1e-400', '5e-324', '9007199254740993', '-9007199254740993', '-0', '-0.0', '0.0', '1.0',
  '-1', '2147483647', '2147483648', '-2147483649', '4294967296', '1E2', '3.0000000000000001', '123456789012345678901234567890',
];

/** Raw text that replaces a value: exotic number literals, deep nesting, long strings, unpaired surrogates left unescaped. */
export type RawValue =
  | { raw: 'number'; literal: string }
  | { raw: 'deep'; depth: number; shape: 'array' | 'object' }
  | { raw: 'long'; bytes: number; unit: 'x' | '€' | '😀' }
  | { raw: 'unescaped'; text: string };

export const rawValueArb: fc.Arbitrary<RawValue> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...numberLiterals).map((literal): RawValue => ({ raw: 'number', literal })) },
  { weight: 2, arbitrary: fc.record({ raw: fc.constant('deep' as const), depth: fc.constantFrom(100, 1000, 5000, 10_000), shape: fc.constantFrom('array' as const, 'object' as const) }) },
  { weight: 2, arbitrary: fc.record({ raw: fc.constant('long' as const), bytes: fc.constantFrom(1 << 20, 3 << 20), unit: fc.constantFrom('x' as const, '€' as const, '😀' as const) }) },
  { weight: 2, arbitrary: fc.constantFrom('\ud800', 'x\udfffy', '\udc00\ud800').map((text): RawValue => ({ raw: 'unescaped', text })) },
);

export function rawText(value: RawValue): string {
  switch (value.raw) {
    case 'number':
      return value.literal;
    case 'deep':
      return value.shape === 'array' ? '['.repeat(value.depth) + ']'.repeat(value.depth) : '{"a":'.repeat(value.depth) + '{}' + '}'.repeat(value.depth);
    case 'long': {
      const unitBytes = Buffer.byteLength(value.unit);
      return JSON.stringify(value.unit.repeat(Math.ceil(value.bytes / unitBytes)));
    }
    case 'unescaped':
      return `"${value.text}"`;
  }
}

export const prototypeKeys = ['__proto__', 'constructor', 'prototype'] as const;

/** Payloads a prototype-pollution attempt would carry (parsed, so `__proto__` stays an own key). */
const pollutionPayloads: Json[] = [
  JSON.parse('{"polluted":"yes","toString":"x","hasOwnProperty":1}') as Json,
  JSON.parse('{"__proto__":{"polluted":"yes"}}') as Json,
  JSON.parse('{"prototype":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}') as Json,
  null,
  'polluted',
  [{ polluted: 'yes' }],
];

/** Field names the interpreters read, so that added fields reach their code. */
export const fieldNames = [
  'replicas', 'paused', 'readyReplicas', 'conditions', 'template', 'spec', 'status', 'metadata', 'labels', 'annotations', 'namespace', 'name',
  'generation', 'observedGeneration', 'containers', 'initContainers', 'ephemeralContainers', 'resources', 'requests', 'limits', 'overhead',
  'cpu', 'memory', 'ephemeral-storage', 'pods', 'nvidia.com/gpu', 'hugepages-2Mi', 'attachable-volumes-aws-ebs', 'requests.cpu',
  'nodeSelector', 'tolerations', 'affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', 'volumes', 'projected', 'sources',
  'configMap', 'secret', 'persistentVolumeClaim', 'claimName', 'secretName', 'serviceAccountName', 'imagePullSecrets', 'env', 'envFrom',
  'valueFrom', 'configMapKeyRef', 'secretKeyRef', 'configMapRef', 'secretRef', 'csi', 'nodePublishSecretRef', 'azureFile', 'cephfs', 'flexVolume',
  'resourcetemplate.karmada.io/retain-replicas', 'aggregatedStatus', 'clusterName', 'applied', 'health', 'observedObject',
];

/** Values those fields take, near their edges: quantities, counts, names. */
const domainValues: Json[] = [
  '100m', '1', '0', '-1', '1e3', '1E3', '1Ei', '1.5Gi', '0.000000001', '1e-9', '+1', '.5', '5.', '1e400', '99999999999999999999999999Ei',
  '1e1000000000', '1e-1000000000', '1Ki', '1ki', 'NaN', 'Infinity', ' 1', '', 'm', 'Mi', 'true', 'True', 'default', 'Healthy', 'Unknown',
  // issue 7: zeros with huge exponents, int32 wrap-around, values past Karmada's int64, long mantissas
  '0e300000000', '0e2147483647', '0e-2147483648', '1e-2147483648', '1e21', '1e999', '1180591620717411303424', '8Ei',
  '9223372036854775.808', `0.${'9'.repeat(5_000)}Ki`, '9'.repeat(5_000),
  0, 1, -1, 2147483647, 2147483648, 1.5, 1e21, true, false, null, [], {}, [{}], [{ name: 'x' }], { name: 'x' }, { requests: { cpu: '1' } },
];

/** One edit of a body tree. `at` picks a node among the current tree's nodes (modulo their count). */
export type Mutation =
  | { edit: 'delete'; at: number }
  | { edit: 'addField'; at: number; key: string; value: Json }
  | { edit: 'replace'; at: number; value: Json }
  | { edit: 'raw'; at: number; value: RawValue }
  | { edit: 'prototypeKey'; at: number; key: (typeof prototypeKeys)[number]; value: Json }
  | { edit: 'operation'; operation: string }
  | { edit: 'replicas'; value: Json };

const at = fc.nat();

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ edit: fc.constant('delete' as const), at }) },
  {
    weight: 3,
    arbitrary: fc.record({
      edit: fc.constant('addField' as const),
      at,
      key: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fieldNames) }, { weight: 1, arbitrary: stringArb }),
      value: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...domainValues) }, { weight: 1, arbitrary: jsonArb }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ edit: fc.constant('replace' as const), at, value: fc.constantFrom(...domainValues) }) },
  { weight: 3, arbitrary: fc.record({ edit: fc.constant('replace' as const), at, value: jsonArb }) },
  { weight: 3, arbitrary: fc.record({ edit: fc.constant('replace' as const), at, value: fc.constantFrom(...wrongTypes) }) },
  { weight: 2, arbitrary: fc.record({ edit: fc.constant('replace' as const), at, value: stringArb }) },
  { weight: 2, arbitrary: fc.record({ edit: fc.constant('raw' as const), at, value: rawValueArb }) },
  {
    weight: 2,
    arbitrary: fc.record({ edit: fc.constant('prototypeKey' as const), at, key: fc.constantFrom(...prototypeKeys), value: fc.oneof(fc.constantFrom(...pollutionPayloads), jsonArb) }),
  },
  { weight: 1, arbitrary: fc.record({ edit: fc.constant('operation' as const), operation: fc.oneof(fc.constantFrom<string>(...interpreterOperations, 'Prune'), stringArb) }) },
  {
    weight: 1,
    arbitrary: fc.record({ edit: fc.constant('replicas' as const), value: fc.oneof(fc.integer({ min: -3, max: 2 ** 31 + 3 }), fc.constantFrom<Json>(2 ** 53 + 1, -0, 1e308, 2.5, null, '2')) }),
  },
);

type Container = JsonMap | Json[];
type Node = { parent: Container | undefined; key: string | number | undefined; value: Json };

function isContainer(value: Json | undefined): value is Container {
  return typeof value === 'object' && value !== null;
}

/** Every node of the tree, root first, breadth first (iterative: trees may be deep). */
function nodesOf(root: Json, limit = 20_000): Node[] {
  const nodes: Node[] = [{ parent: undefined, key: undefined, value: root }];
  for (let i = 0; i < nodes.length && nodes.length < limit; i++) {
    const { value } = nodes[i]!;
    if (!isContainer(value)) continue;
    if (Array.isArray(value)) value.forEach((child, index) => nodes.push({ parent: value, key: index, value: child }));
    else for (const key of Object.keys(value)) nodes.push({ parent: value, key, value: value[key]! });
  }
  return nodes;
}

function defineOwn(target: JsonMap, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Sets a child without ever invoking the `__proto__` setter. */
function setChild(parent: Container, key: string | number, value: Json): void {
  if (Array.isArray(parent)) parent[key as number] = value;
  else defineOwn(parent, String(key), value);
}

const rawMarker = (index: number) => `\u0000raw-value-${index}\u0000`;

/** A mutated body: the tree edits happen on a copy; raw values are spliced into the serialised text. */
export function mutatedText(seed: JsonMap, mutations: readonly Mutation[]): string {
  const holder: { root: Json } = { root: structuredClone(seed) };
  const raws: RawValue[] = [];
  const request = (): JsonMap | undefined => {
    const root = holder.root;
    return isContainer(root) && !Array.isArray(root) && isContainer(root.request) && !Array.isArray(root.request) ? root.request : undefined;
  };
  const replaceNode = (node: Node, value: Json) => {
    if (node.parent === undefined) holder.root = value;
    else setChild(node.parent, node.key!, value);
  };
  for (const mutation of mutations) {
    if (mutation.edit === 'operation') {
      const target = request();
      if (target) target.operation = mutation.operation;
      continue;
    }
    if (mutation.edit === 'replicas') {
      const target = request();
      if (target) target.replicas = mutation.value;
      continue;
    }
    const nodes = nodesOf(holder.root);
    const node = nodes[mutation.at % nodes.length]!;
    switch (mutation.edit) {
      case 'delete':
        if (node.parent === undefined) holder.root = {};
        else if (Array.isArray(node.parent)) node.parent.splice(node.key as number, 1);
        else delete node.parent[node.key as string];
        break;
      case 'replace':
        replaceNode(node, structuredClone(mutation.value));
        break;
      case 'raw':
        raws.push(mutation.value);
        replaceNode(node, rawMarker(raws.length - 1));
        break;
      case 'addField':
        if (isContainer(node.value) && !Array.isArray(node.value)) defineOwn(node.value, mutation.key, structuredClone(mutation.value));
        else if (Array.isArray(node.value)) node.value.push(structuredClone(mutation.value));
        else {
          const object: JsonMap = {};
          defineOwn(object, mutation.key, structuredClone(mutation.value));
          replaceNode(node, object);
        }
        break;
      case 'prototypeKey': {
        const value = JSON.parse(JSON.stringify(mutation.value)) as Json;
        if (isContainer(node.value) && !Array.isArray(node.value)) defineOwn(node.value, mutation.key, value);
        else {
          const object: JsonMap = {};
          defineOwn(object, mutation.key, value);
          replaceNode(node, object);
        }
        break;
      }
    }
  }
  let text = JSON.stringify(holder.root);
  raws.forEach((raw, index) => {
    text = text.replace(JSON.stringify(rawMarker(index)), () => rawText(raw));
  });
  return text;
}

export interface MutatedInput {
  seed: number;
  mutations: Mutation[];
  target: Target | 'own';
  envelope: Envelope;
}

export const mutatedInputArb: fc.Arbitrary<MutatedInput> = fc.record({
  seed: fc.nat({ max: seeds().length - 1 }),
  mutations: fc.array(mutationArb, { minLength: 1, maxLength: 4 }),
  target: fc.oneof({ weight: 3, arbitrary: fc.constant('own' as const) }, { weight: 2, arbitrary: targetArb }),
  envelope: envelopeArb,
});

/** The seed operation's own route, for inputs that should reach the interpreter. */
export function resolvedTarget(input: MutatedInput): Target {
  if (input.target !== 'own') return input.target;
  const operation = seeds()[input.seed]!.body.request as JsonMap;
  return { route: 'operation', operation: operation.operation as InterpreterOperation };
}

/** Arbitrary bytes spliced into a valid body's UTF-8 at some offset, replacing some bytes. */
export interface SplicedInput {
  seed: number;
  offset: number;
  cut: number;
  bytes: Uint8Array;
  target: Target;
}

export const splicedInputArb: fc.Arbitrary<SplicedInput> = fc.record({
  seed: fc.nat({ max: seeds().length - 1 }),
  offset: fc.nat(),
  cut: fc.nat({ max: 8 }),
  bytes: fc.uint8Array({ maxLength: 16 }),
  target: targetArb,
});

export function splicedBytes(input: SplicedInput): Uint8Array {
  const original = Buffer.from(JSON.stringify(seeds()[input.seed]!.body));
  const offset = input.offset % (original.length + 1);
  return Buffer.concat([original.subarray(0, offset), input.bytes, original.subarray(Math.min(original.length, offset + input.cut))]);
}

/** Arbitrary JSON, bare or inside a ResourceInterpreterContext envelope, as the body text. */
export const jsonBodyArb: fc.Arbitrary<string> = fc.oneof(
  jsonArb.map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        apiVersion: fc.oneof(fc.constant<Json>('config.karmada.io/v1alpha1'), jsonArb),
        kind: fc.oneof(fc.constant<Json>('ResourceInterpreterContext'), jsonArb),
        request: fc.oneof(
          jsonArb,
          fc.record(
            {
              uid: fc.oneof(stringArb, jsonArb),
              kind: fc.oneof(fc.constant<Json>({ group: 'workload.example.io', version: 'v1alpha1', kind: 'Workload' }), jsonArb),
              name: jsonArb,
              namespace: jsonArb,
              operation: fc.oneof(fc.constantFrom<Json>(...interpreterOperations), jsonArb),
              object: jsonArb,
              observedObject: jsonArb,
              replicas: jsonArb,
              aggregatedStatus: jsonArb,
            },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc.json({ maxDepth: 3, stringUnit: 'binary' }),
);
