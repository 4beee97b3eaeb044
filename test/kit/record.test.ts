// `new-kind --record`: a kind's expected outputs re-recorded from what its interpreter now answers, on scratch copies
// (of the Workload's folder for the recorder, of the repository for the command): only the values that differ change,
// comments, key order and other documents stay, `{{EXCLUDE}}` stays, `error` cases are never touched.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OperationFunctions, ResourceInterpreter } from '../../lib/interpreter/registry';
import { caseFiles, readCases } from '../../lib/kit/cases';
import { checkCase } from '../../lib/kit/check';
import { repositoryRoot } from '../../lib/kit/kinds';
import { describeRecording, recordCases } from '../../lib/kit/record';
import { localWebhook } from '../../lib/kit/webhook';
import { createInterpreterRegistry } from '../../lib/interpreter/registry';
import { workloadInterpreter } from '../../lib/kinds/workload/interpreter';
import { main } from '../../scripts/new-kind';
import { copyRepository } from '../support/scratch';

const scratch = mkdtempSync(join(tmpdir(), 'record-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The Workload's interpreter after a change of semantics: one replica more. */
const oneMore: ResourceInterpreter = {
  ...workloadInterpreter,
  operations: {
    ...workloadInterpreter.operations,
    InterpretReplica: (request) => {
      const answer = workloadInterpreter.operations.InterpretReplica!(request);
      return { ...answer, replicas: answer.replicas + 1 };
    },
  } satisfies OperationFunctions,
};

/** And Retain adds a label where there are labels. */
const changed: ResourceInterpreter = {
  ...oneMore,
  operations: {
    ...oneMore.operations,
    Retain: (request) => {
      const labelled = typeof (request.object.metadata as { labels?: unknown } | undefined)?.labels === 'object';
      return [...workloadInterpreter.operations.Retain!(request), ...(labelled ? [{ op: 'add' as const, path: '/metadata/labels/recorded', value: 'yes' }] : [])];
    },
  } satisfies OperationFunctions,
};

/** A scratch copy of the Workload's folder, with one more case file written by hand. */
function workloadCopy(name: string, extra?: string): string {
  const folder = join(scratch, name);
  cpSync(join(repositoryRoot, 'lib/kinds/workload'), folder, { recursive: true });
  if (extra !== undefined) writeFileSync(join(folder, 'testdata/v1alpha2/by-hand-test.yaml'), extra);
  return folder;
}

const texts = (folder: string) => new Map(caseFiles(join(folder, 'testdata')).map((file) => [file, readFileSync(file, 'utf8')]));

const byHand = `# Written by hand: a comment the recorder keeps.
name: "Workload: the member's label is kept" # and this one
desiredObj:
  apiVersion: workload.example.io/v1alpha2
  kind: Workload
  metadata: {name: shop, namespace: default, labels: {app: shop}}
  spec: {replicas: 3}
observedObj:
  apiVersion: workload.example.io/v1alpha2
  kind: Workload
  metadata: {name: shop, namespace: default, labels: {app: shop}}
  spec: {replicas: 3}
operation: Retain
output:
  retained:
    apiVersion: workload.example.io/v1alpha2
    kind: Workload
    metadata: {name: "{{EXCLUDE}}", namespace: default, labels: {app: shop}}
    spec: {replicas: 3}
---
name: "Workload: replicas that are not a number"
desiredObj: {apiVersion: workload.example.io/v1alpha2, kind: Workload, metadata: {name: shop}, spec: {replicas: three}}
operation: InterpretReplica
error: {code: 400}
---
# Inputs only: the recorder writes its output.
name: "Workload: two replicas"
desiredObj: {apiVersion: workload.example.io/v1alpha2, kind: Workload, metadata: {name: shop, namespace: default}, spec: {replicas: 2}}
operation: InterpretReplica
`;

describe('recordCases', () => {
  it('changes only the values the interpreter now answers otherwise, line for line', async () => {
    // Prepare
    const folder = workloadCopy('values');
    const before = texts(folder);

    // Act
    const recording = await recordCases(folder, oneMore);

    // Assess: every InterpretReplica case that expects an answer gains one replica, and nothing else moves.
    expect(recording.problems).toEqual([]);
    const replicaCases = [...before.keys()].flatMap((file) => readCases(file)).filter((input) => input.operation === 'InterpretReplica' && input.error === undefined && input.output?.replica !== undefined);
    expect(recording.files.flatMap((file) => file.cases)).toHaveLength(replicaCases.length);
    for (const { path, text, cases } of recording.files) {
      const [old, next] = [before.get(path)!.split('\n'), text.split('\n')];
      expect(next).toHaveLength(old.length);
      const differing = old.flatMap((line, index) => (line === next[index] ? [] : [[line, next[index]]]));
      expect(differing.length).toBe(cases.length);
      for (const [was, now] of differing) expect(Number(now!.match(/^\s*replica: (\d+)$/)![1])).toBe(Number(was!.match(/^\s*replica: (\d+)$/)![1]) + 1);
    }
  });

  it('keeps {{EXCLUDE}} and the comments, records a case written without output, and never touches an error case', async () => {
    // Prepare
    const folder = workloadCopy('by-hand', byHand);
    const file = join(folder, 'testdata/v1alpha2/by-hand-test.yaml');

    // Act
    const recording = await recordCases(folder, changed);
    const recorded = recording.files.find((entry) => entry.path === file)!;

    // Assess
    expect(recorded.cases.map(({ label, changes }) => [label, changes.map(({ key }) => key)])).toEqual([
      ["testdata/v1alpha2/by-hand-test.yaml#1 Retain: Workload: the member's label is kept", ['retained']],
      // No pod template, so no requirements: a null result is not written.
      ['testdata/v1alpha2/by-hand-test.yaml#3 InterpretReplica: Workload: two replicas', ['replica']],
    ]);
    const [retain, refused, inputsOnly] = recorded.text.split(/^---\n/m);
    const [, refusedBefore] = byHand.split(/^---\n/m);
    expect(refused).toBe(refusedBefore);
    expect(retain).toContain('# Written by hand: a comment the recorder keeps.\nname: "Workload: the member\'s label is kept" # and this one\n');
    expect(retain).toContain('metadata: {name: "{{EXCLUDE}}", namespace: default, labels: {app: shop, recorded: yes}}');
    expect(inputsOnly).toMatch(/^# Inputs only: the recorder writes its output\.\n[\s\S]*\noutput:\n  replica: 3\n/);
    expect(describeRecording(recording)).toContain([
      "testdata/v1alpha2/by-hand-test.yaml#1 Retain: Workload: the member's label is kept",
      '- retained.metadata.labels.recorded: (absent)',
      '+ retained.metadata.labels.recorded: "yes"',
    ].join('\n'));
  });

  it('leaves a folder whose cases all pass after writing, and then has nothing to record', async () => {
    // Prepare
    const folder = workloadCopy('written', byHand);

    // Act
    for (const { path, text } of (await recordCases(folder, changed)).files) writeFileSync(path, text);
    const again = await recordCases(folder, changed);
    const webhook = localWebhook(createInterpreterRegistry([changed]));
    const outcomes = await Promise.all(caseFiles(join(folder, 'testdata')).flatMap((file) => readCases(file)).map((input) => checkCase(input, webhook)));

    // Assess
    expect(again).toEqual({ files: [], problems: [] });
    expect(outcomes.filter((outcome) => !outcome.passed).map((outcome) => [outcome.case.name, outcome.problems])).toEqual([]);
  });

  it('reports a case the interpreter now refuses, and records nothing for it', async () => {
    // Prepare
    const folder = workloadCopy('refused');
    const refusing: ResourceInterpreter = { ...workloadInterpreter, operations: { ...workloadInterpreter.operations, InterpretHealth: undefined } };

    // Act
    const recording = await recordCases(folder, refusing);

    // Assess
    expect(recording.files).toEqual([]);
    expect(recording.problems.length).toBeGreaterThan(0);
    expect(recording.problems[0]).toMatch(/^testdata\/v1alpha\d\/interprethealth-test\.yaml#\d+ InterpretHealth: .*: the interpreter answers code 404: the Workload interpreter does not implement InterpretHealth/);
  });

  it('says what the interpreter threw behind a 500, and where', async () => {
    // Prepare
    const folder = workloadCopy('thrown');
    const throwing: ResourceInterpreter = {
      ...workloadInterpreter,
      operations: { ...workloadInterpreter.operations, InterpretHealth: () => { throw new Error('injected for record'); } },
    };

    // Act
    const recording = await recordCases(folder, throwing);

    // Assess
    expect(recording.files).toEqual([]);
    expect(recording.problems[0]).toMatch(/: the interpreter answers code 500: internal error .*\(it threw Error: injected for record at test\/kit\/record\.test\.ts:\d+:\d+\); nothing recorded/);
  });
});

describe('npm run new-kind -- --record', () => {
  async function run(args: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await main(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
    return { code, stdout, stderr };
  }

  it('shows what would change and exits 1, writes it with --write, and then exits 0', async () => {
    // Prepare: a scratch repository whose Workload now answers one replica more.
    const repo = join(scratch, 'repo');
    copyRepository(repositoryRoot, repo);
    const interpreter = join(repo, 'lib/kinds/workload/interpreter.ts');
    const source = readFileSync(interpreter, 'utf8');
    const changed = source.replace(
      '    ...shape.operations,\n',
      '    ...shape.operations,\n    InterpretReplica: (request) => { const answer = shape.operations.InterpretReplica!(request); return { ...answer, replicas: answer.replicas + 1 }; },\n',
    );
    expect(changed).not.toBe(source); // the edit this test makes must still find its place in the interpreter
    writeFileSync(interpreter, changed);
    const folder = join(repo, 'lib/kinds/workload');
    const before = texts(folder);

    // Act
    const shown = await run(['--record', folder]);
    const unchanged = texts(folder);
    const written = await run(['--record', folder, '--write']);
    const after = await run(['--record', folder]);

    // Assess
    expect({ code: shown.code, stderr: shown.stderr }).toEqual({ code: 1, stderr: '' });
    expect(shown.stdout).toMatch(/(^|\n)testdata\/v1alpha1\/interpretreplica-test\.yaml#1 InterpretReplica: .*\n- replica: 3\n\+ replica: 4\n/);
    expect(shown.stdout).toMatch(/case\(s\) in .* would change; run again with --write to write them\n$/);
    expect(unchanged).toEqual(before);
    expect({ code: written.code, stderr: written.stderr }).toEqual({ code: 0, stderr: '' });
    expect(written.stdout).toMatch(/\nrecorded \d+ case\(s\) in /);
    expect(texts(folder)).not.toEqual(before);
    expect(after).toEqual({ code: 0, stdout: "every case's output is what Workload's interpreter answers: nothing to record\n", stderr: '' });
  }, 60_000);

  it.each([
    ['--record with scaffold options', ['--record', 'lib/kinds/workload', '--owner', 'us'], "--record takes a kind's folder and --write only; drop --owner"],
    ['--write alone', ['--write'], '--write goes with --record'],
    ['a folder that is not a kind', ['--record', '/nonexistent'], '/nonexistent is not a kind\'s folder: it has no interpreter.ts'],
  ])('refuses %s', async (_what, args, message) => {
    expect(await run(args)).toEqual({ code: 2, stdout: '', stderr: `new-kind: ${message}\n` });
  });
});
