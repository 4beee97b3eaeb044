// A newcomer's first kind, with the newcomer's first bug: in a scratch copy of the repository, `npm run new-kind`
// scaffolds CronWorkflow (docs/examples), the newcomer writes an InterpretHealth that reads a label through a `!` that
// is not true of every object, and a case without labels. `interpret --check` and `--operation` must then show the
// exception and the line of interpreter.ts that threw, while the answer itself stays the deployed generic 500.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../lib/kit/kinds';
import { copyRepository, withoutKind } from './support/scratch';

const scratch = mkdtempSync(join(tmpdir(), 'author-loop-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function inScratch(command: string): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync('sh', ['-c', command], { cwd: scratch, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000 });
  // npm's own warnings about the machine's configuration (an unknown `nodedir`) are not the tool's.
  const withoutNpm = (text: string) => text.split('\n').filter((line) => !line.startsWith('npm warn')).join('\n');
  return { status: run.status, stdout: run.stdout, stderr: withoutNpm(run.stderr) };
}

/** The newcomer's InterpretHealth: `labels!` holds only for objects that have labels. */
const interpreter = `// CronWorkflow's interpreter: unhealthy while its team pauses it by label.
import { defineInterpreter } from '../../interpreter/define';
import { cronWorkflow } from './identity';
import { readCronWorkflow, type CronWorkflow } from './schema';

export const cronWorkflowInterpreter = defineInterpreter<CronWorkflow>({
  ...cronWorkflow,
  decode: readCronWorkflow,
  operations: {
    InterpretHealth: ({ object }) => {
      const paused = object.metadata.labels!['example.org/paused'];
      return { healthy: paused !== 'true' };
    },
  },
});
`;
const bugLine = interpreter.split('\n').findIndex((line) => line.includes('labels!')) + 1;
const unlabelled = 'apiVersion: argoproj.io/v1alpha1\nkind: CronWorkflow\nmetadata: {name: nightly-report, namespace: reports}\nspec: {schedules: ["0 2 * * *"]}\n';
const healthCases = `name: "CronWorkflow: no labels, not paused"\noperation: InterpretHealth\nobservedObj:\n${unlabelled.replace(/^/gm, '  ')}output:\n  healthy: true\n`;

const genericAnswer = /^internal error while interpreting InterpretHealth of CronWorkflow reports\/nightly-report; the interpreter logs have the details \(uid [0-9a-f-]{36}\)$/;
const thrown = new RegExp(`^the interpreter threw TypeError: Cannot read properties of undefined \\(reading 'example\\.org/paused'\\) at lib/kinds/cronworkflow/interpreter\\.ts:${bugLine}:(\\d+)`);

describe("the kind author's loop shows the author's bug", () => {
  beforeAll(async () => {
    // Prepare: a fresh clone (node_modules shared) without CronWorkflow, the kind scaffolded as the walkthrough
    // does, then the newcomer's interpreter and case.
    copyRepository(repositoryRoot, scratch);
    await withoutKind(scratch, 'cronworkflow');
    const scaffolded = inScratch('npm run -s new-kind -- --crd docs/examples/cronworkflow-crd.yaml --owner project');
    expect(scaffolded.stderr).toBe('');
    writeFileSync(join(scratch, 'lib/kinds/cronworkflow/interpreter.ts'), interpreter);
    mkdirSync(join(scratch, 'lib/kinds/cronworkflow/testdata/v1alpha1'), { recursive: true });
    writeFileSync(join(scratch, 'lib/kinds/cronworkflow/testdata/v1alpha1/interprethealth-test.yaml'), healthCases);
    writeFileSync(join(scratch, 'unlabelled.yaml'), unlabelled);
  }, 120_000);

  it('--check: the case fails on the generic 500, and the next line names the exception and its line', () => {
    // Act
    const { status, stdout, stderr } = inScratch('npm run -s interpret -- --check lib/kinds/cronworkflow');

    // Assess
    expect(stderr).toBe('');
    expect(status).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('FAIL  testdata/v1alpha1/interprethealth-test.yaml#1 InterpretHealth: CronWorkflow: no labels, not paused');
    expect(lines[1]!.trim().replace(/^the webhook answered successful: false, code 500: /, '')).toMatch(genericAnswer);
    const [, column] = thrown.exec(lines[2]!.trim()) ?? [];
    expect(column, lines[2]).toBeDefined();
    expect(lines.slice(3)).toEqual(['0 passed, 1 failed']);
    // The place is the author's own line, as written.
    const written = readFileSync(join(scratch, 'lib/kinds/cronworkflow/interpreter.ts'), 'utf8').split('\n')[bugLine - 1]!;
    expect(written.slice(Number(column) - 1)).toMatch(/^\['example\.org\/paused'\]|^labels!/);
  });

  it('--check --verbose: the stack too, its first frame the same line', () => {
    const { status, stdout } = inScratch('npm run -s interpret -- --check lib/kinds/cronworkflow --verbose');

    expect(status).toBe(1);
    const frames = stdout.split('\n').filter((line) => /^ +at /.test(line)).map((line) => line.trim());
    expect(frames[0]).toMatch(new RegExp(`^at .*\\(lib/kinds/cronworkflow/interpreter\\.ts:${bugLine}:\\d+\\)$`));
    for (const [, path] of frames.map((frame) => /\((lib\/[^:]+):\d+:\d+\)$/.exec(frame) ?? [])) if (path !== undefined) expect(existsSync(join(scratch, path)), path).toBe(true);
  });

  it('--operation: the 500 on stderr, then the exception and its line; nothing on stdout, no stack', () => {
    const { status, stdout, stderr } = inScratch('npm run -s interpret -- --operation InterpretHealth --observed-file unlabelled.yaml');

    expect(status).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.replace(/^interpret: InterpretHealth failed with code 500: /, '')).toMatch(genericAnswer);
    expect(lines[1]!.replace(/^interpret: /, '')).toMatch(thrown);
    expect(lines[1]).toMatch(/ \(--verbose shows its stack\)$/);
  });
});
