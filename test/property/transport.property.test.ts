// Property-based tests of the deployed handlers: whatever arrives, the answer is a well-formed context Karmada accepts.
// `npm test` runs a bounded number of inputs; `npm run fuzz` (FUZZ_RUNS=<total>) runs the same properties at length.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { maxBodyBytes } from '../../lib/transport/http-api';
import { interpreterContext, type JsonMap } from '../support/karmada';
import {
  callOf,
  envelopeArb,
  jsonBodyArb,
  mutatedInputArb,
  mutatedText,
  resolvedTarget,
  splicedBytes,
  splicedInputArb,
  targetArb,
  type Call,
} from './arbitraries';
import { checkAnswer, checkCall, PropertyViolation, type Verdict } from './oracle';
import { caseSeedCount, seeds } from './seeds';
import { caseFiles, readCases } from '../../lib/kit/cases';
import { kindFolders } from '../../lib/kit/kinds';

const fuzzTotal = Number(process.env.FUZZ_RUNS ?? 0);
const fuzzing = fuzzTotal > 0;
const seed = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : (Date.now() ^ Math.floor(Math.random() * 2 ** 31)) | 0;
/** Inputs per property: a bounded number in `npm test`, a share of FUZZ_RUNS when fuzzing. */
const runs = (normal: number, share: number) => (fuzzing ? Math.ceil(fuzzTotal * share) : normal);
const timeout = fuzzing ? 6 * 60 * 60 * 1000 : 20_000;

const tally = new Map<string, { inputs: number; outcomes: Map<string, number> }>();

async function checked(property: string, call: Call): Promise<Verdict> {
  const verdict = await checkCall(call);
  const entry = tally.get(property) ?? { inputs: 0, outcomes: new Map<string, number>() };
  entry.inputs++;
  const outcome = verdict.successful ? 'successful' : `code ${verdict.code}`;
  entry.outcomes.set(outcome, (entry.outcomes.get(outcome) ?? 0) + 1);
  tally.set(property, entry);
  return verdict;
}

async function assertProperty<T>(name: string, arbitrary: fc.Arbitrary<T>, numRuns: number, toCall: (input: T) => Call): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (input) => {
      await checked(name, toCall(input));
    }),
    { numRuns, seed, endOnFailure: fuzzing ? false : true },
  );
}

afterAll(() => {
  if (!fuzzing) return;
  let total = 0;
  const lines = [...tally].map(([property, { inputs, outcomes }]) => {
    total += inputs;
    const breakdown = [...outcomes].sort((a, b) => b[1] - a[1]).map(([outcome, count]) => `${outcome}: ${count}`).join(', ');
    return `  ${property}: ${inputs} inputs (${breakdown})`;
  });
  console.log(`fuzz: ${total} inputs through the handlers, seed ${seed} (rerun with FUZZ_SEED=${seed})\n${lines.join('\n')}`);
});

describe('every input gets a well-formed answer Karmada accepts', () => {
  it('arbitrary bytes, sent base64-encoded', { timeout }, async () => {
    const input = fc.record({ bytes: fc.uint8Array({ maxLength: 2048 }), target: targetArb, envelope: envelopeArb });
    await assertProperty('arbitrary bytes', input, runs(150, 0.15), ({ bytes, target, envelope }) => callOf(target, envelope, bytes));
  });

  it('arbitrary JSON, bare or in a ResourceInterpreterContext envelope', { timeout }, async () => {
    const input = fc.record({ text: jsonBodyArb, target: targetArb, envelope: envelopeArb });
    await assertProperty('arbitrary JSON', input, runs(250, 0.2), ({ text, target, envelope }) => callOf(target, envelope, text));
  });

  it('valid Karmada bodies with random bytes spliced in', { timeout }, async () => {
    await assertProperty('spliced bytes', splicedInputArb, runs(150, 0.15), (input) => callOf(input.target, { contentType: 'application/json', base64: true }, splicedBytes(input)));
  });

  it('structure-aware mutations of valid Karmada bodies', { timeout }, async () => {
    await assertProperty('mutated requests', mutatedInputArb, runs(450, 0.5), (input) =>
      callOf(resolvedTarget(input), input.envelope, mutatedText(seeds()[input.seed]!.body, input.mutations)),
    );
  });

  it('every registered kind contributes its interpreter cases as seeds', () => {
    const fromCases = kindFolders().filter((kind) => kind.interpreted && kind.testdata !== undefined).flatMap((kind) => caseFiles(kind.testdata!)).flatMap((file) => readCases(file));
    expect(fromCases.length).toBeGreaterThan(0);
    expect(caseSeedCount()).toBe(fromCases.length);
  });

  it('the valid seeds themselves succeed on their own route and on the dispatcher', async () => {
    for (const { name, body } of seeds()) {
      const operation = (body.request as JsonMap).operation as never;
      for (const target of [{ route: 'operation' as const, operation }, { route: 'dispatcher' as const }]) {
        const verdict = await checked('seeds', callOf(target, { contentType: 'application/json', base64: false }, JSON.stringify(body)));
        expect([name, verdict.httpStatus, verdict.code === 500 ? 'internal error' : 'answered']).toEqual([name, 200, 'answered']);
      }
    }
  });

  it('bodies over 6 MB get 413, text or base64, on every route', async () => {
    const body = JSON.stringify(interpreterContext({ operation: 'InterpretHealth', object: { apiVersion: 'workload.example.io/v1alpha1', kind: 'Workload', metadata: { name: 'x' } }, uid: 'big' }));
    const oversized = body.slice(0, -1) + `,"pad":"${'€'.repeat(Math.ceil(maxBodyBytes / 3))}"}`;
    for (const base64 of [false, true]) {
      for (const target of [{ route: 'dispatcher' as const }, { route: 'operation' as const, operation: 'InterpretHealth' as const }]) {
        const verdict = await checked('oversized', callOf(target, { contentType: 'application/json', base64 }, oversized));
        expect(verdict).toMatchObject({ httpStatus: 413, code: 413 });
      }
    }
  });
});

describe('the oracle rejects what Karmada would reject', () => {
  const object: JsonMap = { apiVersion: 'workload.example.io/v1alpha1', kind: 'Workload', metadata: { name: 'w' }, spec: { replicas: 1 } };
  const requestText = (operation: string) => JSON.stringify(interpreterContext({ operation, object, uid: 'u' }));
  const answer = (response: Record<string, unknown>, statusCode = 200, contentType = 'application/json') => ({
    statusCode,
    headers: { 'content-type': contentType },
    body: JSON.stringify({ apiVersion: 'config.karmada.io/v1alpha1', kind: 'ResourceInterpreterContext', response }),
  });
  const patch = (operations: unknown) => Buffer.from(JSON.stringify(operations)).toString('base64');

  it('accepts a correct answer', () => {
    expect(checkAnswer(requestText('InterpretReplica'), answer({ uid: 'u', successful: true, replicas: 1 }))).toMatchObject({ successful: true });
    expect(checkAnswer(requestText('ReviseReplica'), answer({ uid: 'u', successful: true, patchType: 'JSONPatch', patch: patch([{ op: 'add', path: '/spec/replicas', value: 2 }]) }))).toMatchObject({ successful: true });
  });

  it.each<[string, string, ReturnType<typeof answer>]>([
    ['HTTP 500', 'InterpretReplica', answer({ uid: 'u', successful: true, replicas: 1 }, 500)],
    ['another content type', 'InterpretReplica', answer({ uid: 'u', successful: true, replicas: 1 }, 200, 'text/plain')],
    ['a uid that is not echoed', 'InterpretReplica', answer({ uid: 'v', successful: true, replicas: 1 })],
    ['a success with status', 'InterpretReplica', answer({ uid: 'u', successful: true, replicas: 1, status: { code: 200, message: 'ok' } })],
    ['replicas 3.5', 'InterpretReplica', answer({ uid: 'u', successful: true, replicas: 3.5 })],
    ['replicas 2^31', 'InterpretReplica', answer({ uid: 'u', successful: true, replicas: 2 ** 31 })],
    ['healthy "true"', 'InterpretHealth', answer({ uid: 'u', successful: true, healthy: 'true' })],
    ['rawStatus null', 'InterpretStatus', answer({ uid: 'u', successful: true, rawStatus: null })],
    ['a dependency without name or selector', 'InterpretDependency', answer({ uid: 'u', successful: true, dependencies: [{ apiVersion: 'v1', kind: 'ConfigMap' }] })],
    ['a failure without status', 'InterpretReplica', answer({ uid: 'u', successful: false })],
    ['code 500', 'InterpretReplica', answer({ uid: 'u', successful: false, status: { code: 500, message: 'internal error' } })],
    ['a patch without patchType', 'ReviseReplica', answer({ uid: 'u', successful: true, patch: patch([]) })],
    ['a patch that does not apply strictly', 'ReviseReplica', answer({ uid: 'u', successful: true, patchType: 'JSONPatch', patch: patch([{ op: 'replace', path: '/status/x', value: 1 }]) })],
    ['a patch that removes kind', 'ReviseReplica', answer({ uid: 'u', successful: true, patchType: 'JSONPatch', patch: patch([{ op: 'remove', path: '/kind' }]) })],
    ['unpadded base64', 'ReviseReplica', answer({ uid: 'u', successful: true, patchType: 'JSONPatch', patch: patch([{ op: 'add', path: '/spec/replicas', value: 22 }]).replace(/=+$/, '') })],
    ['a stack trace in the message', 'InterpretReplica', answer({ uid: 'u', successful: false, status: { code: 400, message: 'bad\n    at f (/var/task/x.mjs:1:2)' } })],
  ])('rejects %s', (_what, operation, result) => {
    expect(() => checkAnswer(requestText(operation), result)).toThrow(PropertyViolation);
  });
});

describe('fixed findings', () => {
  // KF-1: the answer echoes status.conditions; nested 9 000 levels deep (Go's JSON decoder, hence Karmada, allows
  // 10 000), JSON.stringify of the answer overflowed the stack → code 500. Now a 400 that says why.
  it('KF-1: deeply nested status.conditions gets a 400, not a 500', async () => {
    const object: JsonMap = { apiVersion: 'workload.example.io/v1alpha1', kind: 'Workload', metadata: { name: 'deep' }, status: { conditions: [] } };
    const depth = 9000;
    const text = JSON.stringify(interpreterContext({ operation: 'InterpretStatus', object, uid: 'kf-1' })).replace('"conditions":[]', `"conditions":[{"type":"Ready","reason":${'['.repeat(depth)}${']'.repeat(depth)}}]`);
    const verdict = await checkCall(callOf({ route: 'dispatcher' }, { contentType: 'application/json', base64: false }, text));
    expect(verdict.code).toBe(400);
  });
});
