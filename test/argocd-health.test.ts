// Argo CD's health checks as an oracle nobody here wrote: for every kind this service serves that Argo CD ships a
// health check with testdata for (resource_customizations/<group>/<Kind>/health_test.yaml, read from the Argo CD
// module at test time), every input Argo CD calls Healthy must answer healthy, and every Degraded one unhealthy.
// Karmada's health is two-valued (its failover evicts on Unhealthy), so each kind's README, under a heading starting
// with "## Argo CD's health checks", states how it maps every other status its testdata uses (Progressing,
// Suspended), one line each: ``- Argo CD's `Progressing` answers healthy: reason``; Missing and Unknown are not
// judged. An input whose answer differs from the mapping is listed there too:
// ``- `testdata/<file>.yaml` healthy|unhealthy|refused: reason`` (what this service answers). A listed input that
// answers as the mapping expects fails too, so the list stays true. The testdata is read as Argo CD's own test reads
// it (test/support/argocd-cases.ts: keys case-insensitively), so no case is skipped for its spelling.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { localWebhook } from '../lib/kit/webhook';
import { interpreterRegistry } from '../lib/kinds/interpreters';
import { familyServes } from '../lib/review/kind';
import type { ResourceInterpreterContext } from '../lib/interpreter/wire/types';
import { argoCdCases, goField } from './support/argocd-cases';
import { interpreterContext, type JsonMap } from './support/karmada';
import { requireTool } from './support/tools';
import { argoCdCustomizations, argoCdRelease, UpstreamUnavailable } from './support/upstream';

type Answer = 'healthy' | 'unhealthy' | 'refused';
/** Argo CD's statuses whose answer is fixed for every kind; the others need the README's mapping line. */
const fixed: Record<string, Answer> = { Healthy: 'healthy', Degraded: 'unhealthy' };
/** Argo CD's statuses a kind's README must map when its testdata uses them; Missing and Unknown are not judged. */
const mapped = new Set(['Progressing', 'Suspended']);

function healthSection(readme: string): string {
  return /^## Argo CD's health checks[^\n]*\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1] ?? '';
}

/** The README's listed differences: input path → the answer this service gives, and why. */
export function listedDifferences(readme: string): Map<string, { answer: Answer; reason: string }> {
  const listed = new Map<string, { answer: Answer; reason: string }>();
  for (const match of healthSection(readme).matchAll(/^- `([^`]+)` (healthy|unhealthy|refused): (.+)$/gm)) {
    listed.set(match[1]!, { answer: match[2] as Answer, reason: match[3]! });
  }
  return listed;
}

/** The README's mapping of Argo CD's other statuses: status → the answer this service gives (a reason is required). */
export function statedMapping(readme: string): Map<string, Answer> {
  const stated = new Map<string, Answer>();
  for (const match of healthSection(readme).matchAll(/^- Argo CD's `(\w+)` answers (healthy|unhealthy): \S.*$/gm)) {
    stated.set(match[1]!, match[2] as Answer);
  }
  return stated;
}

const go = requireTool('go');
let customizations: string | undefined;
let unavailable = '';
if (!go.missing) {
  try {
    customizations = argoCdCustomizations();
  } catch (error) {
    if (!(error instanceof UpstreamUnavailable) || process.env.CI === 'true') throw error;
    unavailable = ` (skipped: ${error.message})`;
  }
}

const webhook = localWebhook();
const checked: { kind: { group: string; kind: string; home: string }; folder: string; prefix?: string }[] = interpreterRegistry.kinds
  .filter((kind) => kind.family === undefined)
  .map((kind) => ({ kind, folder: customizations === undefined ? '' : join(customizations, kind.group, kind.kind) }))
  .filter(({ folder }) => folder !== '' && existsSync(join(folder, 'health_test.yaml')));
// A family folder is held to every check of a group it serves, and to Argo CD's wildcard checks of its patterns
// (`*.crossplane.io` is Argo CD's `_.crossplane.io/_`): its README lists inputs by their path from
// resource_customizations (`_.upbound.io/_/testdata/x.yaml`), since one README answers for several checks.
for (const family of customizations === undefined ? [] : interpreterRegistry.families) {
  const groupFolders = readdirSync(customizations!).filter((group) =>
    group.startsWith('_.') ? family.groups.includes(`*.${group.slice(2)}`) : familyServes(family, group),
  );
  for (const group of groupFolders) {
    for (const kind of readdirSync(join(customizations!, group))) {
      const folder = join(customizations!, group, kind);
      if (existsSync(join(folder, 'health_test.yaml'))) checked.push({ kind: { group, kind, home: family.home }, folder, prefix: `${group}/${kind}/` });
    }
  }
}

describe.skipIf(customizations === undefined)(`Argo CD ${argoCdRelease}'s health testdata, for the kinds served that it covers${go.note}${unavailable}`, () => {
  for (const { kind, folder, prefix } of checked) {
    const name = `${kind.group}/${kind.kind}`;
    it(`${name}: Healthy answers healthy, Degraded unhealthy, Progressing and Suspended as the README maps them, or the README lists why not`, async () => {
      // Prepare
      const tests = argoCdCases(readFileSync(join(folder, 'health_test.yaml'), 'utf8'));
      const readme = readFileSync(join(kind.home, 'README.md'), 'utf8');
      const listed = listedDifferences(readme);
      const stated = statedMapping(readme);
      const judged: Record<string, Answer> = { ...Object.fromEntries(stated), ...fixed };
      const unexplained: string[] = [];
      const seen = new Set<string>();
      const unmapped = [...new Set(tests.map((test) => test.healthStatus?.status ?? ''))]
        .filter((status) => mapped.has(status) && !stated.has(status))
        .map((status) => `Argo CD's testdata uses ${status}: state its answer in ${kind.home}/README.md as "- Argo CD's \`${status}\` answers healthy|unhealthy: <why>"`);

      // Act
      for (const test of tests) {
        const expected = judged[test.healthStatus?.status ?? ''];
        if (expected === undefined) continue;
        if (test.inputPath === undefined) {
          unexplained.push(`a ${test.healthStatus?.status} case without inputPath: Argo CD's own test cannot read it either`);
          continue;
        }
        const listedAs = `${prefix ?? ''}${test.inputPath}`;
        seen.add(listedAs);
        const object = parseYaml(readFileSync(join(folder, test.inputPath), 'utf8')) as JsonMap;
        const context = interpreterContext({ operation: 'InterpretHealth', object, uid: `argocd-${test.inputPath}` }) as unknown as ResourceInterpreterContext;
        const answered = (await webhook(context)) as { response?: { successful?: boolean; healthy?: boolean; status?: { message?: string } } };
        const answer: Answer = answered.response?.successful !== true ? 'refused' : answered.response.healthy === true ? 'healthy' : 'unhealthy';
        const entry = listed.get(listedAs);
        if (entry === undefined && answer !== expected) {
          unexplained.push(`${listedAs}: Argo CD says ${test.healthStatus?.status} ("${test.healthStatus?.message ?? ''}"), expected ${expected}, this service answers ${answer}${answer === 'refused' ? ` (${answered.response?.status?.message})` : ''}; not listed in ${kind.home}/README.md`);
        }
        if (entry !== undefined && entry.answer !== answer) unexplained.push(`${listedAs}: the README lists ${entry.answer}, this service answers ${answer}`);
        if (entry !== undefined && answer === expected) unexplained.push(`${listedAs}: listed in the README, but this service answers as ${test.healthStatus?.status} is mapped (${answer}): remove the line`);
      }
      const stale = [...listed.keys()].filter((path) => !seen.has(path) && (prefix === undefined || path.startsWith(prefix))).map((path) => `${path}: listed in the README, no judged Argo CD case has it`);

      // Assess
      expect([...unmapped, ...unexplained, ...stale]).toEqual([]);
      expect(seen.size, `judged cases in ${folder}/health_test.yaml`).toBeGreaterThan(0);
    });
  }
});

describe("Argo CD's health_test.yaml, read as Argo CD's own test reads it", () => {
  it('reads a key whatever its case, as encoding/json matches a field name (the CloneSet file spells inputpath)', () => {
    // Prepare
    const text = ['Tests:', '  - HEALTHSTATUS: {Status: Suspended, MESSAGE: paused}', '    inputpath: testdata/suspended.yaml', '  - healthStatus: {status: Healthy}', '    InputPath: testdata/healthy.yaml'].join('\n');

    // Act
    const cases = argoCdCases(text);

    // Assess
    expect(cases).toEqual([
      { inputPath: 'testdata/suspended.yaml', healthStatus: { status: 'Suspended', message: 'paused' } },
      { inputPath: 'testdata/healthy.yaml', healthStatus: { status: 'Healthy' } },
    ]);
  });

  it('folds as Go does: the Kelvin sign and the long s match k and s; no other letter does', () => {
    expect(goField({ '\u212aey': 1 }, 'key')).toBe(1);
    expect(goField({ 'te\u017ft': 1 }, 'Test')).toBe(1);
    expect(goField({ 'ınputPath': 1 }, 'InputPath')).toBeUndefined();
  });

  it('takes the last of several keys for one field in byte order, as the JSON written from a Go map orders them', () => {
    expect(argoCdCases('tests: [{inputpath: b.yaml, inputPath: a.yaml}]')).toEqual([{ inputPath: 'b.yaml' }]);
    expect(argoCdCases('tests: [{inputPath: a.yaml, inputpath: b.yaml}]')).toEqual([{ inputPath: 'b.yaml' }]);
  });

  it('names a field of the wrong type instead of skipping its case', () => {
    expect(() => argoCdCases('tests: [{inputPath: 3}]')).toThrow("tests[0].InputPath is not a string, so Argo CD's own test cannot read it either");
    expect(() => argoCdCases('tests: {inputPath: a.yaml}')).toThrow('tests is not a list');
  });
});
