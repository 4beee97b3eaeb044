// What an operation reads of a kind's own case, derived by running it once in process behind the recording proxies
// of read-record.ts: the read rule (test/kinds/read-rule.test.ts) and the hostile sweep (test/kinds/hostile-sweep.test.ts)
// both start from it.
import { caseFiles, readCaseDocuments, type InterpreterCase } from '../../lib/kit/cases';
import type { InterpreterOperation } from '../../lib/interpreter/wire/operations';
import { interpret, interpreterReady, readContext } from '../../lib/interpreter/interpret';
import { interpreterRegistry } from '../../lib/kinds/interpreters';
import type { JsonObject, JsonValue } from '../../lib/review/json';
import { newReadRecord, pathKey, recording, type ReadRecord, type Segment } from './read-record';

/** A ResourceInterpreterContext as sent: its request is what the paths below start from. */
export type Body = { request: JsonObject };

export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The request's objects, as paths below `request`: the object, the observed one, each member's status. */
export function rootsOf(body: Body): Segment[][] {
  const { request } = body;
  const roots: Segment[][] = [['object']];
  if (request.observedObject !== undefined) roots.push(['observedObject']);
  const items = request.aggregatedStatus;
  if (Array.isArray(items)) items.forEach((item, index) => (item as JsonObject).status !== undefined && roots.push(['aggregatedStatus', index, 'status']));
  return roots;
}

export function valueAt(request: JsonObject, path: readonly Segment[]): JsonValue {
  let node: JsonValue = request;
  for (const segment of path) node = (node as Record<string | number, JsonValue>)[segment]!;
  return node;
}

/** Read by every operation whether the proxies see it or not: the front door's and Karmada's own fields. */
/** The value at `path`, or undefined where a parent on the way is no container (valueAt assumes one). */
export function valueOrUndefined(root: JsonValue, path: readonly Segment[]): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const segment of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, JsonValue>)[segment];
  }
  return node;
}

export const readByEveryone: readonly Segment[][] = [['apiVersion'], ['kind'], ['metadata'], ['metadata', 'name'], ['metadata', 'namespace']];

export interface Derived {
  record: ReadRecord;
  /** Why the record cannot be trusted: the proxies changed the answer. */
  proxyChangedAnswer?: string;
}

/** What the operation reads of `body`'s objects, run in process behind recording proxies. */
export async function readsOf(body: Body): Promise<Derived> {
  await interpreterReady(interpreterRegistry, readContext(body));
  const plain = JSON.stringify(interpret(interpreterRegistry, clone(body)).context);
  const traced = clone(body);
  const record = newReadRecord();
  for (const root of rootsOf(traced)) {
    const parent = valueAt(traced.request, root.slice(0, -1)) as Record<string | number, JsonValue>;
    parent[root.at(-1)!] = recording(parent[root.at(-1)!] as JsonObject, root, record);
  }
  // Serialized while recording: what an answer passes through whole (a template, a status) is read whole.
  const answer = JSON.stringify(interpret(interpreterRegistry, traced).context);
  record.active = false;
  for (const root of rootsOf(body).filter((path) => path.length === 1)) for (const path of readByEveryone) record.read.add(pathKey([...root, ...path]));
  return answer === plain ? { record } : { record, proxyChangedAnswer: `with proxies ${answer.slice(0, 300)}, without ${plain.slice(0, 300)}` };
}

/** The cases a kind's folder holds that answer: not malformed, not expecting a refusal. */
export function casesOf(testdata: string): InterpreterCase[] {
  return caseFiles(testdata)
    .flatMap((file) => readCaseDocuments(file))
    .filter((document): document is InterpreterCase => document.malformed === undefined && document.error === undefined);
}

/** A kind's answering cases by operation, in the order its files list them. */
export function casesByOperation(testdata: string): Map<InterpreterOperation, InterpreterCase[]> {
  const byOperation = new Map<InterpreterOperation, InterpreterCase[]>();
  for (const input of casesOf(testdata)) byOperation.set(input.operation, [...(byOperation.get(input.operation) ?? []), input]);
  return byOperation;
}
