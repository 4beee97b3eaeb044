// The read rule: a kind reads lazily, by part, and an operation refuses only a field it reads; a
// field it does not read, however wrong, never changes its answer. For every interpreted kind's own cases, each
// operation runs once in process behind recording proxies (test/support/read-record.ts): that derives which fields
// it reads, none listed by hand. Then, through the deployed handler:
// - every field it did not read becomes an absurd value of another type, every object not read whole gains an
//   unknown field, and a part it never looked up (spec, status, labels...) absent from the case is added absurd:
//   the answer must not change;
// - each field it read, one at a time, becomes a value of another type: the answer is a 400 naming that field, the
//   same answer, or another successful one (a tolerant reader); never a 500, nor a 400 naming another field.
// A reader that decodes eagerly reads, so refuses by name, what it decodes: the two checks hold for it. What it
// reads beyond its need shows in the third: the replica operations and InterpretDependency read nothing under
// `object.status` (by the record, and an absurd status leaves their answer alone).
// READ_RULE_REPORT=<file> writes every failure there, by kind and operation.
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handler } from '../../functions/dispatcher';
import type { InterpreterCase } from '../../lib/kit/cases';
import { kindFolders } from '../../lib/kit/kinds';
import { interpretInputOf, interpreterContextFor } from '../../lib/kit/request';
import type { InterpreterOperation } from '../../lib/interpreter/wire/operations';
import type { JsonObject, JsonValue } from '../../lib/review/json';
import { httpApiEvent } from '../support/events';
import { casesByOperation, casesOf, clone, readByEveryone, readsOf, rootsOf, valueAt, type Body, type Derived } from '../support/read-derive';
import { fieldsOf, newReadRecord, pathKey, pathText, readWhole, wasRead, type ReadRecord, type Segment } from '../support/read-record';

/** Read-rule exceptions believed legitimate, by `kind operation path`, each with why. None so far. */
const toleratedExceptions: ReadonlyMap<string, string> = new Map<string, string>([]);

const reportFile = process.env.READ_RULE_REPORT;

/** The field added to every object not read whole: no kind's schema has it. */
const unknownKey = 'readRuleUnknownField';

/** A value of another type than `value`'s, as absurd as can be. */
function absurd(value: JsonValue): JsonValue {
  if (typeof value === 'string' || value === null) return { absurd: [1] };
  if (typeof value === 'number') return 'absurd';
  if (typeof value === 'boolean') return [];
  if (Array.isArray(value)) return 'absurd';
  return 42;
}

interface Mutation {
  path: Segment[];
  value: JsonValue;
  /** An unknown field added, not a field replaced. */
  added?: boolean;
}

function mutated(body: Body, mutations: readonly Mutation[]): Body {
  const copy = clone(body);
  for (const { path, value } of mutations) {
    const parent = valueAt(copy.request, path.slice(0, -1)) as Record<string | number, JsonValue>;
    parent[path.at(-1)!] = clone(value);
  }
  return copy;
}

interface Answer {
  successful: boolean;
  code?: number;
  message?: string;
  json: JsonValue;
}

async function answerOf(body: Body): Promise<Answer> {
  const result = await handler(httpApiEvent({ body }));
  const json = JSON.parse(result.body ?? 'null') as JsonValue;
  const response = ((json as JsonObject | null)?.response ?? {}) as { successful?: boolean; status?: { code?: number; message?: string } };
  return { successful: response.successful === true, code: response.status?.code, message: response.status?.message, json };
}

const sameAnswer = (a: Answer, b: Answer) => JSON.stringify(a.json) === JSON.stringify(b.json);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Whether `message` names `path` as messages write paths: `request.` or not, `[i]` or `[*]` for a list's item, a key
 * as `.key`, `[key]` or `["key"]`.
 */
function names(message: string, path: readonly Segment[]): boolean {
  const [root, ...rest] = path;
  let pattern = `(?:request\\.)?${escaped(String(root))}`;
  for (const segment of rest) {
    pattern +=
      typeof segment === 'number'
        ? `\\[(?:${segment}|\\*)\\]`
        : `(?:\\.${escaped(segment)}|\\[${escaped(segment)}\\]|\\[${escaped(JSON.stringify(segment))}\\])`;
  }
  return new RegExp(`(?<![\\w.])${pattern}(?![\\w.[-])`).test(message);
}

/** The parts of a Kubernetes object an operation may not need, added when a case's object has none. */
const absentParts: readonly Segment[][] = [['spec'], ['status'], ['metadata', 'labels'], ['metadata', 'annotations'], ['metadata', 'generation']];

/** Mutations of the fields the record says were not read, and one unknown field in each object not read whole. */
function unreadMutations(body: Body, record: ReadRecord): Mutation[] {
  const mutations: Mutation[] = [];
  for (const root of rootsOf(body)) {
    const value = valueAt(body.request, root);
    if (readWhole(record, root)) continue;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) mutations.push({ path: [...root, unknownKey], value: { absurd: [1] }, added: true });
    // The parts every object may have, absent from this one and not looked up: present and absurd, they must not matter.
    for (const part of root.length === 1 ? absentParts : []) {
      const parent = valueAt(body.request, [...root, ...part.slice(0, -1)]);
      const path = [...root, ...part];
      if (typeof parent === 'object' && parent !== null && !Object.hasOwn(parent, part.at(-1)!) && !wasRead(record, path)) mutations.push({ path, value: 42, added: true });
    }
    const skipped: string[] = [];
    for (const field of fieldsOf(value, root)) {
      // Below a field replaced already.
      if (skipped.some((prefix) => pathKey(field.path).startsWith(prefix.slice(0, -1) + ','))) continue;
      if (!wasRead(record, field.path)) {
        mutations.push({ path: field.path, value: absurd(field.value) });
        skipped.push(pathKey(field.path));
      } else if (!readWhole(record, field.path) && typeof field.value === 'object' && field.value !== null && !Array.isArray(field.value)) {
        mutations.push({ path: [...field.path, unknownKey], value: { absurd: [1] }, added: true });
      }
    }
  }
  return mutations;
}

/** The fields the record says were read, each with a wrong-typed value. */
function readMutations(body: Body, record: ReadRecord): Mutation[] {
  return rootsOf(body).flatMap((root) =>
    fieldsOf(valueAt(body.request, root), root)
      .filter((field) => wasRead(record, field.path))
      .map((field) => ({ path: field.path, value: absurd(field.value) })),
  );
}

const mutationText = (mutation: Mutation) => `${pathText(mutation.path)}${mutation.added ? ' (added)' : ''}`;
const shortMessage = (answer: Answer) => (answer.successful ? 'a different successful answer' : `${String(answer.code)}: ${(answer.message ?? '').slice(0, 160)}`);

/**
 * The mutations that change the answer, each alone with the answer it gave, found by halving (group testing): one
 * run when none does, a few per culprit otherwise.
 */
async function culprits(body: Body, baseline: Answer, mutations: Mutation[]): Promise<{ mutation: Mutation; answer: Answer }[]> {
  const changed = async (subset: Mutation[]) => {
    const answer = await answerOf(mutated(body, subset));
    return sameAnswer(answer, baseline) ? undefined : answer;
  };
  const search = async (subset: Mutation[], answer: Answer): Promise<{ mutation: Mutation; answer: Answer }[]> => {
    if (subset.length === 1) return [{ mutation: subset[0]!, answer }];
    const half = Math.ceil(subset.length / 2);
    const found: { mutation: Mutation; answer: Answer }[] = [];
    for (const part of [subset.slice(0, half), subset.slice(half)]) {
      const partAnswer = await changed(part);
      if (partAnswer !== undefined) found.push(...(await search(part, partAnswer)));
    }
    // Only together do they change it: name them all.
    return found.length > 0 ? found : subset.map((mutation) => ({ mutation, answer }));
  };
  const answer = await changed(mutations);
  return answer === undefined ? [] : search(mutations, answer);
}

type ReadOutcome = 'named' | 'same' | 'tolerated' | 'ancestor' | 'other 400' | 'crash';

function outcomeOf(mutation: Mutation, answer: Answer, baseline: Answer): ReadOutcome {
  if (sameAnswer(answer, baseline)) return 'same';
  if (answer.successful) return 'tolerated';
  if (answer.code !== 400) return 'crash';
  const message = answer.message ?? '';
  if (names(message, mutation.path)) return 'named';
  for (let length = mutation.path.length - 1; length >= 2; length--) if (names(message, mutation.path.slice(0, length))) return 'ancestor';
  return 'other 400';
}

/** The part a path is in: its root and the field below it, a member's status as any member's. */
function partOf(path: readonly Segment[]): string {
  return path[0] === 'aggregatedStatus' ? `aggregatedStatus[*].status${path.length > 3 ? pathText(['', path[3]!]) : ''}` : pathText(path.slice(0, 2));
}

/** Leaves (values with nothing below) read and present, by part. */
function partsRead(body: Body, record: ReadRecord): Map<string, [number, number]> {
  const parts = new Map<string, [number, number]>();
  for (const root of rootsOf(body)) {
    for (const field of fieldsOf(valueAt(body.request, root), root)) {
      if (typeof field.value === 'object' && field.value !== null && Object.keys(field.value).length > 0) continue;
      const counts = parts.get(partOf(field.path)) ?? [0, 0];
      if (wasRead(record, field.path)) counts[0]++;
      counts[1]++;
      parts.set(partOf(field.path), counts);
    }
  }
  return parts;
}

/** Failures of a case, by the half of the rule it breaks. */
interface CaseReport {
  kind: string;
  operation: InterpreterOperation;
  case: string;
  unread: string[];
  read: string[];
  status: string[];
  /** Read fields refused by a message naming a field above them (allowed: the value there is what is wrong). */
  ancestor: string[];
  /** Read fields whose wrong value gave another successful answer: tolerant readers, for the report to show. */
  tolerated: string[];
  /** Leaves read and present, by part (`object.spec`, `aggregatedStatus[*].status.conditions`): how eagerly it reads. */
  parts: Map<string, [number, number]>;
  /** How each read field's mutation was answered, counted. */
  readOutcomes: Partial<Record<ReadOutcome, number>>;
}

const reports: CaseReport[] = [];

interface Prepared {
  body: Body;
  baseline: Answer;
  derived: Derived;
  report: CaseReport;
}

/** By the case's file and document: each case derived and reported once, whichever test asks first. */
const prepared = new Map<string, Promise<Prepared | undefined>>();

/** The case's request, its unmutated answer and what it reads; undefined for a case that does not answer successfully. */
function prepare(kind: string, input: InterpreterCase): Promise<Prepared | undefined> {
  const key = `${input.source.file}#${input.source.document}`;
  let entry = prepared.get(key);
  if (entry === undefined) {
    entry = (async () => {
      const body = clone(interpreterContextFor(interpretInputOf(input)).context) as unknown as Body;
      const baseline = await answerOf(body);
      if (!baseline.successful) return undefined;
      const report: CaseReport = { kind, operation: input.operation, case: input.name, unread: [], read: [], status: [], ancestor: [], tolerated: [], parts: new Map(), readOutcomes: {} };
      reports.push(report);
      const derived = await readsOf(body);
      report.parts = partsRead(body, derived.record);
      return { body, baseline, derived, report };
    })();
    prepared.set(key, entry);
  }
  return entry;
}

async function unreadFailures(kind: string, input: InterpreterCase): Promise<string[]> {
  const ready = await prepare(kind, input);
  if (ready === undefined) return [];
  const { body, baseline, derived, report } = ready;
  if (derived.proxyChangedAnswer !== undefined) return (report.unread = [`the recording proxies changed the answer: ${derived.proxyChangedAnswer}`]);
  const found = await culprits(body, baseline, unreadMutations(body, derived.record));
  report.unread = found.map(({ mutation, answer }) => `${mutationText(mutation)} -> ${shortMessage(answer)}`);
  return report.unread.map((line) => `${input.name}: ${line}`);
}

async function readFailures(kind: string, input: InterpreterCase): Promise<string[]> {
  const ready = await prepare(kind, input);
  if (ready === undefined) return [];
  const { body, baseline, derived, report } = ready;
  if (derived.proxyChangedAnswer !== undefined) return [`${input.name}: the recording proxies changed the answer`];
  report.read = [];
  report.ancestor = [];
  report.tolerated = [];
  report.readOutcomes = {};
  for (const mutation of readMutations(body, derived.record)) {
    const answer = await answerOf(mutated(body, [mutation]));
    const outcome = outcomeOf(mutation, answer, baseline);
    report.readOutcomes[outcome] = (report.readOutcomes[outcome] ?? 0) + 1;
    if (outcome === 'tolerated') report.tolerated.push(mutationText(mutation));
    if (outcome === 'ancestor') report.ancestor.push(`${mutationText(mutation)} -> ${shortMessage(answer)}`);
    if ((outcome === 'other 400' || outcome === 'crash') && !toleratedExceptions.has(`${kind} ${input.operation} ${pathText(mutation.path)}`)) {
      report.read.push(`${mutationText(mutation)} -> ${outcome}: ${shortMessage(answer)}`);
    }
  }
  return report.read.map((line) => `${input.name}: ${line}`);
}

async function statusReads(kind: string, input: InterpreterCase): Promise<string[]> {
  const ready = await prepare(kind, input);
  if (ready === undefined) return [];
  const { body, baseline, derived, report } = ready;
  const status = pathKey(['object', 'status']).slice(0, -1);
  const under = (key: string) => key === `${status}]` || key.startsWith(`${status},`);
  const paths = [...new Set([...derived.record.read, ...derived.record.whole].filter(under))].map((key) => pathText(JSON.parse(key) as Segment[]));
  report.status = paths.length === 0 ? [] : [`reads ${paths.slice(0, 8).join(', ')}${paths.length > 8 ? ` and ${paths.length - 8} more` : ''}`];
  // The cases' objects seldom carry a status: an absurd one shows what a read of it does to the answer.
  const answer = await answerOf(mutated(body, [{ path: ['object', 'status'], value: 42 }]));
  if (!sameAnswer(answer, baseline)) report.status.push(`object.status = 42 -> ${shortMessage(answer)}`);
  return report.status.map((line) => `${input.name}: ${line}`);
}

/** The operations that have no use for a status: the spec's replicas, components and references. */
const replicaOperations: ReadonlySet<InterpreterOperation> = new Set(['InterpretReplica', 'ReviseReplica', 'InterpretComponent', 'InterpretDependency']);

const kinds = kindFolders().filter((kind) => kind.interpreted && kind.testdata !== undefined);


describe('the rule\'s own machinery', () => {
  it('names a path as messages write it, and not a longer one', () => {
    expect(names('object.spec.workerGroupSpecs[1].replicas must be an integer', ['object', 'spec', 'workerGroupSpecs', 1, 'replicas'])).toBe(true);
    expect(names('request.aggregatedStatus[2].status.replicas must be an integer', ['aggregatedStatus', 2, 'status', 'replicas'])).toBe(true);
    expect(names('aggregatedStatus[*].status.replicas sums to more than', ['aggregatedStatus', 0, 'status', 'replicas'])).toBe(true);
    expect(names('object.metadata.labels["app.kubernetes.io/name"] must be a string', ['object', 'metadata', 'labels', 'app.kubernetes.io/name'])).toBe(true);
    expect(names('object.metadata.annotations[karmada.io/x] must be a string', ['object', 'metadata', 'annotations', 'karmada.io/x'])).toBe(true);
    expect(names('object.metadata.metadata.name must be a string', ['object', 'metadata', 'name'])).toBe(false);
    expect(names('object.spec.replicasMax must be an integer', ['object', 'spec', 'replicas'])).toBe(false);
  });

  // A replica count the operation answers with: the proxies must see it read, and a record that missed it must fail.
  const sample = kinds.flatMap((folder) => casesOf(folder.testdata!).map((input) => ({ kind: basename(folder.identity.home), input })))
    .find(({ input }) => input.operation === 'InterpretReplica' && typeof (input.desiredObj?.spec as JsonObject | undefined)?.replicas === 'number');

  it('records the fields an operation reads', async () => {
    const ready = await prepare(sample!.kind, sample!.input);
    expect(wasRead(ready!.derived.record, ['object', 'spec', 'replicas'])).toBe(true);
  });

  it('finds the field that changes the answer when the record misses a read', async () => {
    const ready = await prepare(sample!.kind, sample!.input);
    const blind = newReadRecord();
    for (const path of readByEveryone) blind.read.add(pathKey(['object', ...path]));
    const found = await culprits(ready!.body, ready!.baseline, unreadMutations(ready!.body, blind));
    // Blind to every read, the record leaves `object.spec` whole to be replaced: that replacement changes the answer.
    expect(found.map(({ mutation }) => pathText(mutation.path))).toContain('object.spec');
  });
});

for (const folder of kinds) {
  const kind = basename(folder.identity.home);
  const byOperation = casesByOperation(folder.testdata!);

  describe(kind, () => {
    for (const [operation, cases] of byOperation) {
      describe(operation, () => {
        it('a field it does not read never changes its answer', async () => {
          const failures: string[] = [];
          for (const input of cases) failures.push(...(await unreadFailures(kind, input)));
          expect(failures).toEqual([]);
        });
        it('a field it reads, wrong, is refused by name or tolerated', async () => {
          const failures: string[] = [];
          for (const input of cases) failures.push(...(await readFailures(kind, input)));
          expect(failures).toEqual([]);
        });
        if (replicaOperations.has(operation)) {
          it('reads nothing under object.status', async () => {
            const failures: string[] = [];
            for (const input of cases) failures.push(...(await statusReads(kind, input)));
            expect(failures).toEqual([]);
          });
        }
      });
    }
  });
}

afterAll(() => {
  if (reportFile === undefined) return;
  const lines: string[] = [];
  const byKind = new Map<string, CaseReport[]>();
  for (const report of reports) byKind.set(report.kind, [...(byKind.get(report.kind) ?? []), report]);
  for (const [kind, kindReports] of [...byKind].sort(([a], [b]) => (a < b ? -1 : 1))) {
    lines.push(`== ${kind}`);
    const operations = [...new Set(kindReports.map((report) => report.operation))];
    for (const operation of operations) {
      const ofOperation = kindReports.filter((report) => report.operation === operation);
      const outcomes: Partial<Record<ReadOutcome, number>> = {};
      for (const report of ofOperation) for (const [outcome, count] of Object.entries(report.readOutcomes)) outcomes[outcome as ReadOutcome] = (outcomes[outcome as ReadOutcome] ?? 0) + count;
      const parts = new Map<string, [number, number]>();
      for (const report of ofOperation) {
        for (const [part, [read, total]] of report.parts) {
          const counts = parts.get(part) ?? [0, 0];
          parts.set(part, [counts[0] + read, counts[1] + total]);
        }
      }
      const failing = (half: 'unread' | 'read' | 'status') => ofOperation.filter((report) => report[half].length > 0).length;
      lines.push(
        `  ${operation}: ${ofOperation.length} cases; unread changes the answer in ${failing('unread')}, read refused wrongly in ${failing('read')}` +
          `${replicaOperations.has(operation) ? `, reads status in ${failing('status')}` : ''}; read fields answered ${JSON.stringify(outcomes)}`,
      );
      lines.push(`    leaves read/present: ${[...parts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([part, [read, total]]) => `${part} ${read}/${total}`).join(', ')}`);
      for (const report of ofOperation) {
        for (const half of ['unread', 'read', 'status', 'ancestor', 'tolerated'] as const) {
          if (report[half].length === 0) continue;
          lines.push(`    ${report.case} [${half}]`);
          for (const line of report[half].slice(0, 12)) lines.push(`      ${line}`);
          if (report[half].length > 12) lines.push(`      ... and ${report[half].length - 12} more`);
        }
      }
    }
  }
  const summary = (['unread', 'read', 'status'] as const).map((half) => {
    const failing = [...new Set(reports.filter((report) => report[half].length > 0).map((report) => `${report.kind} ${report.operation}`))].sort();
    return `${half}: ${failing.length === 0 ? 'none' : failing.join(', ')}`;
  });
  writeFileSync(reportFile, `Failing, by check (kind operation):\n${summary.join('\n')}\n\n${lines.join('\n')}\n`);
});
