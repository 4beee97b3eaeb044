// The shared-verdict fixture (test/fixtures/cases/): tricky case files whose verdicts are recorded once in
// verdicts.yaml, given by the TypeScript runners here (checkCase through the deployed handler, and `--check` in
// process) and by the Go conformance harness through Karmada's webhook client (verdicts_test.go): the runners agree.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { handler } from '../functions/dispatcher';
import { caseFiles, KitError, readCaseDocuments } from '../lib/kit/cases';
import { checkCase } from '../lib/kit/check';
import type { Webhook } from '../lib/kit/webhook';
import { main } from '../scripts/interpret';
import { httpApiEvent } from './support/events';

const fixture = 'test/fixtures/cases';

interface Verdict {
  file: string;
  name: string;
  verdict: 'pass' | 'fail';
  problemContains?: string;
}

interface Judged {
  file: string;
  name: string;
  verdict: 'pass' | 'fail';
  problems: string[];
}

const verdicts = parse(readFileSync(join(fixture, 'verdicts.yaml'), 'utf8')) as Verdict[];

/** The dispatcher Lambda handler behind an API Gateway event, as Karmada reaches it. */
const deployedHandler: Webhook = async (context) => {
  const result = await handler(httpApiEvent({ body: context }));
  if (result.statusCode !== 200) throw new Error(`HTTP ${result.statusCode}`);
  return JSON.parse(result.body ?? '');
};

/** Every case of the fixture judged by checkCase; a file that is not YAML is one failed entry named after it. */
async function judgedByCheckCase(): Promise<Judged[]> {
  const judged: Judged[] = [];
  for (const file of caseFiles(fixture)) {
    let documents;
    try {
      documents = readCaseDocuments(file);
    } catch (error) {
      if (!(error instanceof KitError)) throw error;
      judged.push({ file: basename(file), name: basename(file), verdict: 'fail', problems: [error.message] });
      continue;
    }
    for (const input of documents) {
      const outcome = await checkCase(input, deployedHandler);
      judged.push({ file: basename(file), name: input.name, verdict: outcome.passed ? 'pass' : 'fail', problems: outcome.problems });
    }
  }
  return judged;
}

/** The verdicts `--check` prints: `PASS  testdata/<file>#<n> <operation>: <name>` (or `FAIL  testdata/<file>`), problems indented below. */
function judgedByCheckOutput(stdout: string): Judged[] {
  const judged: Judged[] = [];
  for (const line of stdout.split('\n')) {
    const verdict = /^(PASS|FAIL) {2}testdata\/([^#\s]+)(?:#\d+ \S+: (.*))?$/.exec(line);
    if (verdict) {
      judged.push({ file: verdict[2]!, name: verdict[3] ?? verdict[2]!, verdict: verdict[1] === 'PASS' ? 'pass' : 'fail', problems: [] });
    } else if (line.startsWith('      ') && judged.length > 0) {
      judged.at(-1)!.problems.push(line.trim());
    }
  }
  return judged;
}

/** Where a runner's verdicts differ from the recorded ones: one line each, empty when they agree. */
function disagreements(judged: Judged[]): string[] {
  const key = (entry: { file: string; name: string }) => `${entry.file}: ${entry.name}`;
  const byKey = new Map(judged.map((entry) => [key(entry), entry]));
  const lines: string[] = [];
  for (const expected of verdicts) {
    const got = byKey.get(key(expected));
    if (got === undefined) lines.push(`${key(expected)}: not judged`);
    else if (got.verdict !== expected.verdict) lines.push(`${key(expected)}: ${got.verdict}, recorded ${expected.verdict} (${got.problems.join('; ')})`);
    else if (expected.problemContains !== undefined && !got.problems.some((problem) => problem.includes(expected.problemContains!))) {
      lines.push(`${key(expected)}: no problem contains ${JSON.stringify(expected.problemContains)} (${got.problems.join('; ')})`);
    }
  }
  const recorded = new Set(verdicts.map(key));
  for (const entry of judged) if (!recorded.has(key(entry))) lines.push(`${key(entry)}: judged ${entry.verdict} but has no recorded verdict`);
  return lines;
}

describe('the shared-verdict fixture (test/fixtures/cases)', () => {
  it('records one verdict per case, passes and failures both', () => {
    const keys = verdicts.map((entry) => `${entry.file}: ${entry.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(verdicts.filter((entry) => entry.verdict === 'pass').length).toBeGreaterThan(5);
    expect(verdicts.filter((entry) => entry.verdict === 'fail').length).toBeGreaterThan(5);
  });

  it('checkCase (vitest runner) gives every recorded verdict', async () => {
    // Act
    const judged = await judgedByCheckCase();

    // Assess
    expect(disagreements(judged)).toEqual([]);
  });

  it('--check gives every recorded verdict and counts them', async () => {
    // Act
    let stdout = '';
    const code = await main(['--check', fixture], { stdout: (text) => (stdout += text), stderr: () => {} });

    // Assess
    expect(disagreements(judgedByCheckOutput(stdout))).toEqual([]);
    const passes = verdicts.filter((entry) => entry.verdict === 'pass').length;
    expect(stdout).toContain(`\n${passes} passed, ${verdicts.length - passes} failed\n`);
    expect(code).toBe(1);
  });
});
