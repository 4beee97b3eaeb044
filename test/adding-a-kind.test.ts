// docs/adding-a-kind.md, followed word for word in a scratch copy of the repository: its commands run as written,
// its files are written where it says, and then both kinds are served: WebApp (our CRD: interpreted, converted,
// admitted) and Argo Workflows' CronWorkflow (its project's CRD: interpreted only). Typecheck, `interpret --check`,
// the tests that find kinds (case runners, bundle check, webhook-config, conversion properties, seeds),
// webhook-config's output, and `kinds --check` (the kind folder contract) at the end.
// The scratch copy starts without the walkthrough's two kinds (and only those), so that it also passes in a checkout
// that followed it.
// With WALKTHROUGH_FULL=1 (CI runs it so, on its own) the scratch copy runs the whole `npm test` as the doc says.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { repositoryRoot } from '../lib/kit/kinds';
import { copyRepository, withoutKind } from './support/scratch';

const doc = readFileSync(join(repositoryRoot, 'docs/adding-a-kind.md'), 'utf8');
/** Fenced blocks whose info string names a file: ```ts lib/kinds/webapp/identity.ts */
const files = [...doc.matchAll(/^```(?:ts|yaml) (\S+)\n([\s\S]*?)^```$/gm)].map(([, path, text]) => ({ path: path!, text: text! }));
/** Every command of the ```sh blocks, in order. */
const commands = [...doc.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap(([, block]) => block!.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#')));
const scaffold = commands.find((command) => command.startsWith('npm run new-kind') && command.includes('webapp-crd.yaml'));
const projectScaffold = commands.find((command) => command.startsWith('npm run new-kind') && command.includes('cronworkflow-crd.yaml'));
const check = commands.find((command) => command === 'npm run -s interpret -- --check lib/kinds/webapp');
const projectCheck = commands.find((command) => command === 'npm run -s interpret -- --check lib/kinds/cronworkflow');
const refresh = commands.filter((command) => command === 'npm run kinds').at(-1);
const contractCheck = commands.find((command) => command === 'npm run -s kinds -- --check');
/** The files of the project's kind are written once new-kind has made its folder (it refuses a folder that exists). */
const isProjectFile = (file: { path: string }) => file.path.startsWith('lib/kinds/cronworkflow/');
const config = commands.find((command) => command.startsWith('npm run -s webhook-config'));
const nested = process.env.ADDING_A_KIND_NESTED === '1';

/** npm's own warnings about the machine's configuration (e.g. an unknown `nodedir`) are not the walkthrough's. */
function withoutNpmWarnings(text: string): string {
  return text.split('\n').filter((line) => !line.startsWith('npm warn')).join('\n').trim();
}

describe.skipIf(nested)('docs/adding-a-kind.md', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'adding-a-kind-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  /** A file of the doc, written where it says (a folder it names, like testdata/v1alpha1, made if new). */
  const writeInScratch = ({ path, text }: { path: string; text: string }) => {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  };
  const inScratch = (command: string, env: NodeJS.ProcessEnv = {}) =>
    spawnSync('sh', ['-c', command], { cwd: scratch, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ADDING_A_KIND_NESTED: '1', ...env }, maxBuffer: 64 * 1024 * 1024 });

  it('shows the commands and the files to fill in', () => {
    expect(scaffold).toBe('npm run new-kind -- --crd docs/examples/webapp-crd.yaml --owner us --admission --converter copy');
    expect(projectScaffold).toBe('npm run new-kind -- --crd docs/examples/cronworkflow-crd.yaml --owner project');
    expect(check).toBeDefined();
    expect(projectCheck).toBeDefined();
    expect(contractCheck).toBeDefined();
    expect(commands).toContain('npm run typecheck && npm test');
    expect(commands.at(-1), 'the walkthrough ends with the kind folder contract checked').toBe(contractCheck);
    expect(files.map((file) => file.path)).toEqual(expect.arrayContaining([
      'lib/kinds/webapp/interpreter.ts', 'lib/kinds/webapp/conversion.ts',
      'lib/kinds/cronworkflow/schema.ts', 'lib/kinds/cronworkflow/interpreter.ts', 'lib/kinds/cronworkflow/testdata/v1alpha1/retain-test.yaml',
    ]));
  });

  it('ends with the kind served when followed word for word', async () => {
    // Prepare: a fresh clone of the repository (node_modules shared), without the kinds the walkthrough adds.
    copyRepository(repositoryRoot, scratch);
    for (const folder of ['webapp', 'cronworkflow']) await withoutKind(scratch, folder);

    // Act: step 1 (refused without --converter copy, as the doc says), then the files of steps 2 and 3, then the
    // kind whose CRD belongs to its project and its files.
    const refused = inScratch(scaffold!.replace(' --converter copy', ''));
    const scaffolded = inScratch(scaffold!);
    for (const file of files.filter((file) => !isProjectFile(file))) writeInScratch(file);
    const again = inScratch(scaffold!);
    const theirs = inScratch(projectScaffold!);
    for (const file of files.filter(isProjectFile)) writeInScratch(file);

    // Assess: step 1's refusal and warning, one line each.
    expect(refused.status).toBe(2);
    expect(withoutNpmWarnings(refused.stderr)).toBe("new-kind: WebApp's versions differ, so a converter that copies objects unchanged would lose or break fields: v1alpha1 and v1beta1 differ at spec.suspend: only in v1alpha1; spec.paused: only in v1beta1; pass --converter copy to start from copies and convert these in conversion.ts");
    expect(withoutNpmWarnings(scaffolded.stderr)).toBe("new-kind: warning: conversion.ts copies objects unchanged although WebApp's versions differ (v1alpha1 and v1beta1 differ at spec.suspend: only in v1alpha1; spec.paused: only in v1beta1): convert these in lib/kinds/webapp/conversion.ts before it serves objects");
    expect(scaffolded.status).toBe(0);
    expect(again.status, 'a second run adds nothing').toBe(2);
    expect(again.stderr).toContain('is served already');
    // The project's kind: interpreted only.
    expect(withoutNpmWarnings(theirs.stderr)).toBe('');
    expect(theirs.status).toBe(0);
    expect(theirs.stdout).toContain('operations the schema made obvious: none');
    expect(['crd.yaml', 'conversion.ts', 'admission.ts', 'identity.ts', 'README.md'].filter((file) => existsSync(join(scratch, 'lib/kinds/cronworkflow', file)))).toEqual(['identity.ts', 'README.md']);
    expect(readFileSync(join(scratch, 'lib/kinds/cronworkflow/identity.ts'), 'utf8')).toContain('ownCrd: false,');
    const lists = (file: string) => readFileSync(join(scratch, 'lib/kinds', file), 'utf8');
    expect([lists('interpreters.ts').includes('cronWorkflowInterpreter'), lists('conversions.ts').includes('cronWorkflow'), lists('admissions.ts').includes('cronWorkflow')]).toEqual([true, false, false]);
    // Step 4 and 5.
    for (const command of [check!, projectCheck!]) {
      const checked = inScratch(command);
      expect(checked.stdout, command).toMatch(/^\d+ passed, 0 failed$/m);
      expect(checked.status, command).toBe(0);
    }
    // Step 4's refresh of the lists and the README's table (the operations filled in), before npm test.
    const listed = inScratch('npm run kinds');
    expect(listed.status, listed.stdout + listed.stderr).toBe(0);
    const typecheck = inScratch('npm run -s typecheck');
    expect(withoutNpmWarnings(typecheck.stdout + typecheck.stderr)).toBe('');
    expect(typecheck.status).toBe(0);
    const full = process.env.WALKTHROUGH_FULL === '1';
    const tests = inScratch(full ? 'npm test' : [
      'npm test -- --reporter=verbose',
      'test/kinds/interpreter-cases.test.ts test/kinds/conversion-cases.test.ts test/kinds/admission-cases.test.ts',
      'test/stack/bundle-contents.test.ts test/scripts/webhook-config.test.ts test/karmada/review-webhooks.test.ts',
      'test/property/conversion.property.test.ts test/property/transport.property.test.ts',
    ].join(' '));
    const failures = tests.stdout.split('\n').filter((line) => /×|FAIL/.test(line)).join('\n');
    expect(tests.status, failures || tests.stdout.slice(-4000)).toBe(0);
    if (!full) expect(tests.stdout).toMatch(/lib\/kinds\/webapp\/testdata\/v1beta1\/retain-test\.yaml/);
    if (!full) expect(tests.stdout).toMatch(/lib\/kinds\/cronworkflow\/testdata\/v1alpha1\/retain-test\.yaml/);
    const printed = inScratch(config!);
    expect(printed.status).toBe(0);
    const objects = parseAllDocuments(printed.stdout).map((document) => document.toJS() as { kind: string; metadata: { name: string }; spec?: any; webhooks?: { name: string; rules?: { operations: string[]; kinds: string[] }[] }[] });
    const interpreterWebhooks = objects.find((o) => o.kind === 'ResourceInterpreterWebhookConfiguration')!.webhooks!;
    const webAppOperations = interpreterWebhooks.flatMap((w) => w.rules ?? []).filter((rule) => rule.kinds.includes('WebApp')).flatMap((rule) => rule.operations);
    expect(webAppOperations.sort()).toEqual(['AggregateStatus', 'InterpretDependency', 'InterpretHealth', 'InterpretReplica', 'InterpretStatus', 'Retain', 'ReviseReplica']);
    const crd = objects.find((o) => o.kind === 'CustomResourceDefinition' && o.metadata.name === 'webapps.apps.example.io');
    expect(crd?.spec.conversion).toMatchObject({ strategy: 'Webhook', webhook: { clientConfig: { url: 'https://interpreter.example.com/convert' } } });
    for (const kind of ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']) {
      expect(objects.find((o) => o.kind === kind)!.webhooks!.map((w) => w.name)).toEqual(expect.arrayContaining([expect.stringContaining('.webapps.apps.example.io')]));
    }
    // CronWorkflow: a rule in the interpreter webhook of each operation filled in, and no CRD, conversion or admission webhook of Argo's.
    const cronOperations = interpreterWebhooks.flatMap((w) => w.rules ?? []).filter((rule) => rule.kinds.includes('CronWorkflow')).flatMap((rule) => rule.operations);
    expect(cronOperations.sort()).toEqual(['InterpretDependency', 'InterpretHealth', 'Retain']);
    expect(objects.filter((o) => o.kind === 'CustomResourceDefinition').map((o) => o.spec.group)).not.toContain('argoproj.io');
    const admissionRules = objects.filter((o) => o.kind.endsWith('WebhookConfiguration') && o.kind !== 'ResourceInterpreterWebhookConfiguration')
      .flatMap((o) => o.webhooks!.map((w) => JSON.stringify(w)));
    expect(admissionRules.filter((webhook) => webhook.includes('cronworkflows'))).toEqual([]);
    // The walkthrough's last commands: the lists and the README's table refreshed (CronWorkflow's operations filled
    // in), both folders keep the kind folder contract, and everything is current.
    const refreshed = inScratch(refresh!);
    expect(refreshed.status, refreshed.stdout + refreshed.stderr).toBe(0);
    expect(readFileSync(join(scratch, 'README.md'), 'utf8')).toContain('| [`CronWorkflow`](lib/kinds/cronworkflow/README.md) `argoproj.io` | `v1alpha1` | retain, health, dependency |');
    const contract = inScratch(contractCheck!);
    expect(contract.status, contract.stdout + contract.stderr).toBe(0);
  }, 600_000);
});
