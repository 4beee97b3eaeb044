// Re-records a kind's interpreter cases (`testdata/**`): each case's `output` becomes what the kind's interpreter now
// answers, after its semantics changed on purpose. A case whose output still holds (as Karmada's runner compares it)
// is left as written; in a changed one only the differing values are replaced, so comments, key order and style stay
// as far as the `yaml` library keeps them. `error` cases are never touched.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { isMap, isScalar, isSeq, parseAllDocuments, type Document } from 'yaml';
import { createInterpreterRegistry, type FamilyInterpreter, type ResourceInterpreter } from '../interpreter/registry';
import { isJsonObject, type JsonObject, type JsonValue } from '../review/json';
import { verifiedResponse } from './answer';
import { caseFiles, caseOf, KitError, yamlDocuments, type InterpreterCase } from './cases';
import { comparable, differencesOf, excludePlaceholder } from './compare';
import { indentFlowScalarContinuations } from './flow-scalar-indent';
import { loaded } from './modules';
import { interpretInputOf, interpreterContextFor, resultsOf } from './request';
import { thrownLine } from './thrown';
import { failureBehind, localWebhook, type Webhook } from './webhook';

/** One output value that changes: `before` is absent when the case had no `output` (all results are recorded then). */
export interface OutputChange {
  key: string;
  before?: JsonValue;
  after: JsonValue;
}

export interface CaseChange {
  /** `testdata/v1alpha1/retain-test.yaml#2 Retain: <name>`, as `interpret --check` labels a case. */
  label: string;
  changes: OutputChange[];
}

export interface FileRecording {
  /** Absolute path of the case file. */
  path: string;
  /** The file with the new outputs. */
  text: string;
  cases: CaseChange[];
}

export interface Recording {
  /** The case files whose outputs change (only those). */
  files: FileRecording[];
  /** Cases that cannot be recorded (the interpreter refuses, an output key is not a result, a file that cannot be edited). */
  problems: string[];
}

/** Results that are objects Karmada compares after dropping `{{EXCLUDE}}` fields: those placeholders are kept. */
const objectResults = new Set(['retained', 'revised', 'aggregatedStatus']);
const yamlOptions = { uniqueKeys: false, merge: true } as const;

/** The kind's interpreter, as its folder's interpreter.ts exports it (the one export that is a ResourceInterpreter). */
export async function interpreterOfFolder(folder: string): Promise<ResourceInterpreter | FamilyInterpreter> {
  const file = join(folder, 'interpreter.ts');
  if (!existsSync(file)) throw new KitError(`${folder} is not a kind's folder: it has no interpreter.ts`);
  const module = await loaded(`${folder}'s interpreter`, async () => (await import(pathToFileURL(file).href)) as Record<string, unknown>);
  const found = Object.values(module).filter((value): value is ResourceInterpreter | FamilyInterpreter => {
    const candidate = value as (Partial<ResourceInterpreter> & Partial<FamilyInterpreter>) | null;
    if (typeof candidate !== 'object' || candidate === null || typeof candidate.operations !== 'object') return false;
    return (typeof candidate.kind === 'string' && Array.isArray(candidate.versions)) || (typeof candidate.family === 'string' && Array.isArray(candidate.groups));
  });
  if (found.length !== 1) throw new KitError(`${file} exports ${found.length} interpreters; it must export exactly one (defineInterpreter)`);
  return found[0]!;
}

/** `after`, with the author's `{{EXCLUDE}}` placeholders of `before` kept where they were. */
function withPlaceholders(before: JsonValue | undefined, after: JsonValue): JsonValue {
  if (before === excludePlaceholder) return excludePlaceholder;
  if (Array.isArray(before) && Array.isArray(after)) return after.map((item, index) => withPlaceholders(before[index], item));
  if (!isJsonObject(before) || !isJsonObject(after)) return after;
  const result: JsonObject = {};
  const define = (key: string, value: JsonValue) => Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  for (const [key, value] of Object.entries(after)) define(key, withPlaceholders(Object.hasOwn(before, key) ? before[key] : undefined, value));
  for (const [key, value] of Object.entries(before)) if (value === excludePlaceholder && !Object.hasOwn(after, key)) define(key, value);
  return result;
}

/** What a case's `output` would now be, key by key; `problems` for what cannot be recorded. */
async function changesOf(input: InterpreterCase, webhook: Webhook, label: string, problems: string[]): Promise<OutputChange[]> {
  let response;
  let object;
  let answer;
  try {
    const built = interpreterContextFor(interpretInputOf(input));
    object = built.object;
    answer = await webhook(built.context);
    response = verifiedResponse(answer, built.uid);
  } catch (error) {
    if (!(error instanceof KitError)) throw error;
    problems.push(`${label}: ${error.message}`);
    return [];
  }
  if (!response.successful) {
    const failure = failureBehind(answer);
    const thrown = failure === undefined ? '' : ` (it ${thrownLine(failure.thrown)})`;
    problems.push(`${label}: the interpreter answers code ${String(response.status?.code)}: ${response.status?.message ?? '(no message)'}${thrown}; nothing recorded (an \`error\` case expects a refusal)`);
    return [];
  }
  let results;
  try {
    results = new Map(resultsOf(input.operation, response, object).map(({ name, value }) => [name, value]));
  } catch (error) {
    if (!(error instanceof KitError)) throw error;
    problems.push(`${label}: ${error.message}`);
    return [];
  }
  if (input.output === undefined) {
    // A case written with its inputs only: every result is recorded, as new-kind records a skeleton's.
    return [...results].filter(([, value]) => value !== null).map(([key, after]) => ({ key, after }));
  }
  const changes: OutputChange[] = [];
  for (const [key, before] of Object.entries(input.output)) {
    if (!results.has(key)) {
      problems.push(`${label}: output key '${key}' is not a result of ${input.operation} (its results: ${[...results.keys()].join(', ')}); left as it is`);
      continue;
    }
    const actual = results.get(key)!;
    const [want, got] = comparable(key, before, actual);
    if (differencesOf(want, got, 1).length === 0) continue;
    changes.push({ key, before, after: objectResults.has(key) ? withPlaceholders(before, actual) : actual });
  }
  return changes;
}

/** The last pair with this key: of a key written twice, the Go decoder Karmada uses (and the case runner) keeps the last. */
function lastPair<P extends { key: unknown }>(pairs: readonly P[], key: string): P | undefined {
  for (let index = pairs.length - 1; index >= 0; index--) {
    const candidate = pairs[index]!.key;
    if (isScalar(candidate) && candidate.value === key) return pairs[index];
  }
  return undefined;
}

/** The node `node` of `document` holding `value` now: edited in place where it can be (comments and style stay). */
function updated(document: Document, node: unknown, value: JsonValue): unknown {
  const fresh = () => document.createNode(value, { aliasDuplicateObjects: false });
  // An anchored node may be read elsewhere through an alias: a new node leaves those readers as they were.
  if ((node as { anchor?: string } | null)?.anchor) return fresh();
  if (isMap(node) && isJsonObject(value) && node.items.every((pair) => isScalar(pair.key) && typeof pair.key.value === 'string' && pair.key.value !== '<<')) {
    node.items = node.items.filter((pair) => Object.hasOwn(value, (pair.key as { value: string }).value));
    // Of a key written twice the last pair counts (see lastPair); one pass keeps this linear in the map's size.
    const pairs = new Map(node.items.map((pair) => [(pair.key as { value: string }).value, pair]));
    for (const [key, item] of Object.entries(value)) {
      const pair = pairs.get(key);
      if (pair === undefined) node.items.push(document.createPair(key, item, { aliasDuplicateObjects: false }));
      else pair.value = updated(document, pair.value, item);
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    node.items = value.map((item, index) => (index < node.items.length ? updated(document, node.items[index], item) : document.createNode(item, { aliasDuplicateObjects: false })));
    return node;
  }
  if (isScalar(node) && value !== null && typeof value !== 'object' && typeof node.value === typeof value) {
    node.value = value;
    return node;
  }
  return fresh();
}

/** The case's `output` in `document` set to `output`, changing only what `changes` names. */
function setOutput(document: Document, output: JsonObject, changes: readonly OutputChange[]): void {
  const node = document.get('output', true);
  if (!isMap(node)) {
    document.set('output', document.createNode(output, { aliasDuplicateObjects: false }));
    return;
  }
  for (const { key, after } of changes) {
    const pair = lastPair(node.items, key);
    if (pair === undefined) node.items.push(document.createPair(key, after, { aliasDuplicateObjects: false }));
    else pair.value = updated(document, pair.value, after);
  }
}

/** The file's documents, and the text they were parsed from (their ranges point into it). */
function documentsOf(text: string, shown: string): { documents: Document.Parsed[]; source: string } {
  const documents = parseAllDocuments(text, yamlOptions);
  if (documents.every((document) => document.errors.length === 0)) return { documents, source: text };
  // As the case runner reads it (cases.ts): quoted scalars continued at their key's indentation.
  const source = indentFlowScalarContinuations(text);
  const lenient = parseAllDocuments(source, yamlOptions);
  if (lenient.some((document) => document.errors.length > 0)) throw new KitError(`${shown} is not valid YAML`);
  return { documents: lenient, source };
}

/** The file again: the changed documents written anew, every other one exactly as it was. */
function spliced(source: string, documents: readonly Document.Parsed[], changed: ReadonlySet<Document.Parsed>): string {
  return documents.map((document, index) => {
    const start = index === 0 ? 0 : document.range[0];
    const end = index === documents.length - 1 ? source.length : documents[index + 1]!.range[0];
    return changed.has(document) ? document.toString({ lineWidth: 0, flowCollectionPadding: false }) : source.slice(start, end);
  }).join('');
}

async function recordFile(file: string, shown: string, webhook: Webhook, problems: string[]): Promise<FileRecording | undefined> {
  let documents;
  let source;
  try {
    ({ documents, source } = documentsOf(readFileSync(file, 'utf8'), shown));
  } catch (error) {
    if (!(error instanceof KitError)) throw error;
    problems.push(error.message);
    return undefined;
  }
  const cases: CaseChange[] = [];
  const changed = new Set<Document.Parsed>();
  /** What every document must read as once the file is written (empty ones are skipped, as the runner skips them). */
  const expected: JsonValue[] = [];
  for (const document of documents) {
    const value = document.toJS() as JsonValue | undefined;
    if (value === undefined || value === null) continue;
    expected.push(value);
    let input: InterpreterCase;
    try {
      input = caseOf(value, { file: shown, document: expected.length });
    } catch (error) {
      if (!(error instanceof KitError)) throw error;
      problems.push(error.message);
      continue;
    }
    if (input.error !== undefined) continue;
    const label = `${shown}#${input.source.document} ${input.operation}: ${input.name}`;
    const changes = await changesOf(input, webhook, label, problems);
    if (changes.length === 0) continue;
    const output: JsonObject = { ...(input.output ?? {}) };
    for (const { key, after } of changes) output[key] = after;
    setOutput(document, output, changes);
    changed.add(document);
    expected[expected.length - 1] = { ...(value as JsonObject), output };
    cases.push({ label, changes });
  }
  if (cases.length === 0) return undefined;
  const text = spliced(source, documents, changed);
  // The edit must read back as exactly the new outputs with everything else unchanged (an alias or a repeated key
  // could make it otherwise): if not, nothing of this file is written.
  let reread: JsonValue[] | undefined;
  try {
    reread = yamlDocuments(text, shown);
  } catch {
    reread = undefined;
  }
  if (!isDeepStrictEqual(reread, expected)) {
    problems.push(`${shown}: the new outputs cannot be set in place (anchors, aliases or repeated keys); ${cases.length} case(s) left as they are: write them by hand`);
    return undefined;
  }
  return { path: file, text, cases };
}

/** What re-recording the kind's cases would change, computed without writing anything. */
export async function recordCases(folder: string, interpreter: ResourceInterpreter | FamilyInterpreter): Promise<Recording> {
  const webhook = localWebhook('groups' in interpreter ? createInterpreterRegistry([], [{ ...interpreter, load: async () => interpreter }]) : createInterpreterRegistry([interpreter]));
  const problems: string[] = [];
  const files: FileRecording[] = [];
  for (const file of caseFiles(join(folder, 'testdata'))) {
    const recorded = await recordFile(file, relative(folder, file), webhook, problems);
    if (recorded !== undefined) files.push(recorded);
  }
  return { files, problems };
}

function json(value: JsonValue | undefined): string {
  return value === undefined ? '(absent)' : JSON.stringify(value);
}

/** One block per changed case: its label, then `- path: old` and `+ path: new` for every value that changes. */
export function describeRecording(recording: Recording): string {
  const blocks = recording.files.flatMap(({ cases }) => cases.map(({ label, changes }) => {
    const lines = changes.flatMap(({ key, before, after }) => {
      if (before === undefined) return [`+ ${key}: ${json(after)}`];
      return differencesOf(before, after, Number.POSITIVE_INFINITY).flatMap(({ path, expected, actual }) => {
        const where = path === '' ? key : path.startsWith('[') ? `${key}${path}` : `${key}.${path}`;
        return [`- ${where}: ${json(expected)}`, `+ ${where}: ${json(actual)}`];
      });
    });
    return `${label}\n${lines.join('\n')}\n`;
  }));
  return blocks.join('\n');
}
