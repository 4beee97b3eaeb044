// npm run new-kind: what it refuses (one line, nothing written); whose CRD it is (asked on a terminal, --owner
// otherwise); a CRD of ours whose versions differ (the walkthrough's WebApp renamed to Storefront, a kind nobody
// serves: refused, or written with --converter copy and a warning); and what it writes for a real third-party CRD (Argo
// Rollouts' own Rollout CRD, renamed so that it is not the Rollout this service serves): interpreted only, files that
// typecheck and cases that pass. The walkthrough (test/adding-a-kind.test.ts) covers two versions and admission.
// And that it reads a CRD as the API server does: every status it writes has every field the status schema requires,
// of a value the schema admits, and the replica count is the field the scale subresource names (a CRD made for that,
// and Prometheus Operator's own Prometheus CRD, whose status requires `paused` and whose scale names spec.shards).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { interpret } from '../../lib/interpreter/interpret';
import { createInterpreterRegistry, type ResourceInterpreter } from '../../lib/interpreter/registry';
import type { InterpreterOperation } from '../../lib/interpreter/wire/operations';
import { verifiedResponse } from '../../lib/kit/answer';
import { repositoryRoot } from '../../lib/kit/kinds';
import { interpreterOfFolder } from '../../lib/kit/record';
import { interpreterContextFor, resultsOf, type InterpretInput } from '../../lib/kit/request';
import type { SchemaNode } from '../../lib/kit/scaffold/crd';
import type { JsonObject, JsonValue } from '../../lib/review/json';
import { main, type CliIo } from '../../scripts/new-kind';
import { copyRepository } from '../support/scratch';
import { requiredPaths, schemaProblems } from '../support/status-schema';
import { requireTool } from '../support/tools';
import { goModuleDir, UpstreamUnavailable } from '../support/upstream';

const scratch = mkdtempSync(join(tmpdir(), 'new-kind-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function run(args: string[], root = scratch, ask?: CliIo['ask']) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), root, ...(ask ? { ask } : {}) });
  return { code, stdout, stderr };
}

/**
 * The walkthrough's WebApp CRD (docs/examples/webapp-crd.yaml: two versions, v1alpha1's `spec.suspend` is v1beta1's
 * `spec.paused`) renamed to Storefront in another group: a kind nobody serves, not even a checkout that followed the
 * walkthrough, so the tests add it to plain copies of the repository.
 */
function storefrontCrd(name: string): string {
  const crd = parse(readFileSync(join(repositoryRoot, 'docs/examples/webapp-crd.yaml'), 'utf8'));
  crd.metadata.name = 'storefronts.apps.scaffold.example.io';
  crd.spec.group = 'apps.scaffold.example.io';
  crd.spec.names = { kind: 'Storefront', listKind: 'StorefrontList', plural: 'storefronts', singular: 'storefront' };
  return file(name, stringify(crd));
}

function file(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

/** Argo Rollouts' CRD where the e2e's download put it (test/e2e/build/argo-rollouts pins the release). */
function argoRolloutCrd(): string | undefined {
  const gomodcache = spawnSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' }).stdout?.trim();
  const path = gomodcache ? join(gomodcache, 'github.com/argoproj/argo-rollouts@v1.8.3/manifests/crds/rollout-crd.yaml') : '';
  return gomodcache && existsSync(path) ? path : undefined;
}

describe('new-kind refuses, and writes nothing', () => {
  const kindsBefore = () => readdirSync(join(repositoryRoot, 'lib/kinds')).sort();

  it.each([
    ['no --crd', [], '--crd is required'],
    ['no --owner, and stdin is not a terminal', ['--crd', 'ONE'], '--owner is required when stdin is not a terminal: --owner us (this service owns the CRD: crd.yaml, conversion, admission) or --owner project (its project ships it: interpreted only)'],
    ['an owner that is neither', ['--crd', 'ONE', '--owner', 'them'], '--owner takes us or project, got "them"'],
    ['a file that is not there', ['--crd', '/nonexistent/crd.yaml', '--owner', 'us'], 'cannot read --crd /nonexistent/crd.yaml'],
    ['a file without a CRD', ['--crd', 'NOCRD', '--owner', 'us'], 'holds no CustomResourceDefinition'],
    ['two CRDs without --kind', ['--crd', 'TWO', '--owner', 'us'], 'holds 2 CustomResourceDefinitions; pick one with --kind: Alpha, Beta'],
    ['a --kind the bundle lacks', ['--crd', 'TWO', '--owner', 'us', '--kind', 'Alpah'], 'holds no CustomResourceDefinition of kind Alpah (did you mean Alpha?); its kinds: Alpha, Beta'],
    ['a bundle of many CRDs without --kind', ['--crd', 'MANY', '--owner', 'us'], 'new-kind: many.yaml holds 14 CustomResourceDefinitions; pick one with --kind: AlertmanagerConfiguration0, '],
    ['--update without --crd', ['--update', 'lib/kinds/workload'], '--update needs --crd'],
    ['--update with --owner', ['--update', 'lib/kinds/workload', '--crd', 'ONE', '--owner', 'us'], "--update takes a kind's folder and --crd only; drop --owner"],
    ['--update of a folder that is no kind', ['--update', join(repositoryRoot, 'lib/kit'), '--crd', 'ONE'], "lib/kit is not a kind's folder: it has no identity.ts"],
    ['--update from a CRD of another kind', ['--update', join(repositoryRoot, 'lib/kinds/workload'), '--crd', 'TWO'], 'holds no CustomResourceDefinition of kind Workload in group workload.example.io; its kinds: Alpha, Beta'],
    ['a kind served already', ['--crd', join(repositoryRoot, 'lib/kinds/workload/crd.yaml'), '--owner', 'us'], 'Workload.workload.example.io is served already, by lib/kinds/workload'],
    ['a folder name that is not one', ['--crd', 'ONE', '--owner', 'us', '--folder', '../x'], "--folder \"../x\": use lower-case letters, digits and '-'"],
    ["admission for a project's CRD", ['--crd', 'ONE', '--owner', 'project', '--admission'], "--admission: Gamma's CRD belongs to its project, so it is interpreted only; drop --admission"],
    ['a converter other than copy', ['--crd', 'ONE', '--owner', 'us', '--converter', 'merge'], '--converter takes copy, got "merge"'],
    [
      'our CRD whose versions differ, without --converter copy',
      ['--crd', 'STOREFRONT', '--owner', 'us'],
      "Storefront's versions differ, so a converter that copies objects unchanged would lose or break fields: v1alpha1 and v1beta1 differ at spec.suspend: only in v1alpha1; spec.paused: only in v1beta1; pass --converter copy to start from copies and convert these in conversion.ts",
    ],
  ])('%s', async (_what, args, message) => {
    const crd = (name: string, group: string) =>
      `apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: ${name.toLowerCase()}s.${group}}\nspec:\n  group: ${group}\n  scope: Namespaced\n  names: {kind: ${name}, plural: ${name.toLowerCase()}s}\n  versions: [{name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}]\n`;
    const paths: Record<string, string> = {
      NOCRD: file('nocrd.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n'),
      TWO: file('two.yaml', `${crd('Alpha', 'a.example.io')}---\n${crd('Beta', 'a.example.io')}`),
      ONE: file('one.yaml', crd('Gamma', 'a.example.io')),
      MANY: file('many.yaml', Array.from({ length: 14 }, (_, index) => crd(`AlertmanagerConfiguration${index}`, 'monitoring.example.io')).join('---\n')),
      STOREFRONT: storefrontCrd('storefront-two-versions.yaml'),
    };
    const before = kindsBefore();
    const { code, stdout, stderr } = await run(args.map((arg) => paths[arg] ?? arg));
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr.startsWith('new-kind: ')).toBe(true);
    expect(stderr).toContain(message);
    expect(stderr.split('\n'), 'one line').toHaveLength(2);
    expect(stderr.trim().length, 'a line read at a glance').toBeLessThanOrEqual(args.includes('STOREFRONT') ? 1000 : 200);
    expect(kindsBefore()).toEqual(before);
  });
});

/** A fresh copy of the repository for a test that adds a kind. */
/** A copy of the repository; `without` a kind served here, whose folder it removes and unlists, to scaffold it anew. */
function freshCopy(name: string, without?: string): string {
  const repo = join(scratch, name);
  copyRepository(repositoryRoot, repo);
  if (without !== undefined) {
    rmSync(join(repo, 'lib/kinds', without), { recursive: true, force: true });
    const listed = inRepo(repo, 'npm run -s kinds');
    if (listed.status !== 0) throw new Error(`npm run kinds without ${without}: ${listed.stderr}`);
  }
  return repo;
}

/** A command run in a copy of the repository. */
function inRepo(repo: string, command: string) {
  return spawnSync('sh', ['-c', command], { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

/** `tsc` over one kind's folder of a copy (and what it imports), with the repository's compiler options. */
function typecheckKind(repo: string, folder: string) {
  writeFileSync(join(repo, `tsconfig.${folder}.json`), JSON.stringify({ extends: './tsconfig.json', include: [`lib/kinds/${folder}`] }));
  return inRepo(repo, `npx tsc --noEmit -p tsconfig.${folder}.json`);
}

/** What an interpreter answers, as Karmada reads it: its named results (`aggregatedStatus`, `replica`, `revised`…). */
function answered(interpreter: ResourceInterpreter, input: InterpretInput): Record<string, JsonValue> {
  const { context, uid, object } = interpreterContextFor(input);
  const body = JSON.parse(JSON.stringify(interpret(createInterpreterRegistry([interpreter]), JSON.parse(JSON.stringify(context))).context));
  const response = verifiedResponse(body, uid);
  if (!response.successful) throw new Error(`${input.operation} refused: ${response.status?.message ?? ''}`);
  return Object.fromEntries(resultsOf(input.operation, response, object).map(({ name, value }) => [name, value]));
}

/** The outputs new-kind recorded for an operation's cases. */
function recordedOutputs(home: string, version: string, operation: InterpreterOperation): JsonObject[] {
  const text = readFileSync(join(home, 'testdata', version, `${operation.toLowerCase()}-test.yaml`), 'utf8');
  return parseAllDocuments(text).map((document) => (document.toJS() as { output: JsonObject }).output);
}

/** The storage version's schema of a CRD file. */
function storageSchemaOf(file: string): SchemaNode {
  const crd = parse(readFileSync(file, 'utf8')) as { spec: { versions: { storage: boolean; schema: { openAPIV3Schema: SchemaNode } }[] } };
  return crd.spec.versions.find((version) => version.storage)!.schema.openAPIV3Schema;
}

/** The required status fields missing from a status (walking every `required` list of the CRD's status schema). */
function missingRequired(statusSchema: SchemaNode, status: unknown): string[] {
  return requiredPaths(statusSchema).filter((path) => {
    const value = path.split('.').slice(1).reduce<unknown>((parent, name) => (typeof parent === 'object' && parent !== null ? (parent as JsonObject)[name] : undefined), status);
    return value === undefined || value === null;
  });
}

describe('new-kind on scratch copies of the repository', () => {
  it('writes the copy converter of a CRD of ours whose versions differ when told --converter copy, and says so in one line', async () => {
    // Prepare
    const repo = freshCopy('copied');
    const inRepo = (path: string) => join(repo, path);
    const crd = storefrontCrd('storefront-copy.yaml');

    // Act
    const { code, stdout, stderr } = await run(['--crd', crd, '--owner', 'us', '--converter', 'copy'], repo);

    // Assess
    expect(code, stderr).toBe(0);
    expect(stderr).toBe("new-kind: warning: conversion.ts copies objects unchanged although Storefront's versions differ (v1alpha1 and v1beta1 differ at spec.suspend: only in v1alpha1; spec.paused: only in v1beta1): convert these in lib/kinds/storefront/conversion.ts before it serves objects\n");
    expect(stdout).toContain("listed Storefront in lib/kinds/interpreters.ts, lib/kinds/conversions.ts and README.md's table of kinds\n");
    expect(readFileSync(inRepo('lib/kinds/storefront/conversion.ts'), 'utf8')).toContain('// v1alpha1 and v1beta1 differ at:\n//   spec.suspend: only in v1alpha1\n//   spec.paused: only in v1beta1\n');
    expect(readFileSync(inRepo('lib/kinds/storefront/identity.ts'), 'utf8')).toContain('  ownCrd: true,\n');
    expect(existsSync(inRepo('lib/kinds/storefront/crd.yaml'))).toBe(true);
  });

  it("asks on a terminal whose CRD it is, until it is answered, and writes a project's kind to be interpreted only", async () => {
    // Prepare
    const repo = freshCopy('asked');
    const inRepo = (path: string) => join(repo, path);
    const crd = storefrontCrd('storefront-asked.yaml');
    const questions: string[] = [];
    const answers = ['theirs', ' Project\n'];

    // Act
    const { code, stdout, stderr } = await run(['--crd', crd, '--folder', 'storefront-asked'], repo, async (question) => {
      questions.push(question);
      return answers.shift()!;
    });

    // Assess
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(questions).toHaveLength(2);
    expect(questions[0]).toContain('Whose CRD is storefronts.apps.scaffold.example.io? us: this service owns it');
    expect(readdirSync(inRepo('lib/kinds/storefront-asked')).sort()).toEqual(['README.md', 'identity.ts', 'interpreter.ts', 'schema.ts', 'testdata', 'types.ts']);
    expect(readFileSync(inRepo('lib/kinds/storefront-asked/identity.ts'), 'utf8')).toContain('  ownCrd: false,\n');
    expect(stdout).toContain("listed Storefront in lib/kinds/interpreters.ts and README.md's table of kinds\nStorefront's CRD belongs to its project: interpreted only");
  });
});

describe('new-kind --update', () => {
  it("regenerates a kind's types.ts from a newer CRD, prints the diff, and then finds it current", async () => {
    // Prepare: Storefront written from its CRD (a file outside the repository), then a newer CRD with one more field
    // whose description runs over several lines and holds a comment's end.
    const repo = freshCopy('updated');
    const first = storefrontCrd('storefront-update.yaml');
    expect((await run(['--crd', first, '--owner', 'project'], repo)).code).toBe(0);
    const crd = parse(readFileSync(first, 'utf8'));
    const storage = crd.spec.versions.find((version: { storage: boolean }) => version.storage);
    const description = `How many pods a canary starts before the others. ${'It is counted per cluster. '.repeat(6)}\nPatterns such as */5 are refused.\n\n  An indented line stays indented.`;
    storage.schema.openAPIV3Schema.properties.spec.properties.canaryReplicas = { type: 'integer', description };
    const newer = file('storefront-newer.yaml', stringify(crd));
    const types = join(repo, 'lib/kinds/storefront/types.ts');
    const before = readFileSync(types, 'utf8');

    // Act
    const updated = await run(['--update', 'lib/kinds/storefront', '--crd', newer], repo);
    const again = await run(['--update', 'lib/kinds/storefront', '--crd', newer], repo);
    const typecheck = typecheckKind(repo, 'storefront');

    // Assess: the header names the files by name, never a path of this machine.
    expect(before).toContain('generated by `npm run new-kind` from\n// storefront-update.yaml.\n');
    expect(before).not.toContain(scratch);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stderr).toBe('');
    const after = readFileSync(types, 'utf8');
    expect(after).not.toContain(scratch);
    expect(after).toContain('// storefront-newer.yaml.\n// Regenerate rather than edit: `npm run new-kind -- --update lib/kinds/storefront --crd <newer CRD>`.\n');
    // The description whole, wrapped, its comment's end broken up, its indentation kept.
    expect(after).toContain('  /**\n   * How many pods a canary starts before the others. It is counted per cluster.');
    expect(after).toContain('   * Patterns such as *\\/5 are refused.\n   *\n   *   An indented line stays indented.\n   */\n  canaryReplicas?: number;\n');
    expect(after.split('\n').every((line) => line.length <= 120)).toBe(true);
    // The diff: diff -u's form, from the old text to the new one, then one line saying what was done.
    const lines = updated.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual(['--- a/lib/kinds/storefront/types.ts', '+++ b/lib/kinds/storefront/types.ts', '@@ -1,5 +1,5 @@']);
    expect(lines).toContain('+  canaryReplicas?: number;');
    expect(lines).toContain('-// storefront-update.yaml.');
    expect(lines.at(-1)).toMatch(/^updated lib\/kinds\/storefront\/types\.ts from storefront-newer\.yaml: \d+ line\(s\) added, 1 removed; npm run typecheck shows what uses a changed type$/);
    expect(again).toEqual({ code: 0, stdout: 'lib/kinds/storefront/types.ts is current: storefront-newer.yaml declares the same types\n', stderr: '' });
    expect(typecheck.status, typecheck.stdout + typecheck.stderr).toBe(0);
  }, 120_000);

  it('notes the versions a newer CRD serves that identity.ts does not', async () => {
    // Prepare
    const repo = freshCopy('versions');
    const first = storefrontCrd('storefront-versions.yaml');
    expect((await run(['--crd', first, '--owner', 'project'], repo)).code).toBe(0);
    const crd = parse(readFileSync(first, 'utf8'));
    crd.spec.versions.push({ ...crd.spec.versions.at(-1), name: 'v1', storage: false });
    const newer = file('storefront-v1.yaml', stringify(crd));

    // Act
    const { code, stdout, stderr } = await run(['--update', 'lib/kinds/storefront', '--crd', newer], repo);

    // Assess
    expect(code).toBe(0);
    expect(stderr).toBe('new-kind: note: the CRD serves v1, which lib/kinds/storefront/identity.ts does not: add it there, with its cases under testdata/\n');
    expect(stdout).toMatch(/^--- a\/lib\/kinds\/storefront\/types\.ts\n/);
  });
});

// Under CI=true the module must be there (.ci/run downloads it): a skip would hide the check.
describe.skipIf(argoRolloutCrd() === undefined && process.env.CI !== 'true')("new-kind on Argo Rollouts' own CRD (skipped: the e2e's Argo Rollouts module is not downloaded)", () => {
  it('writes a folder that typechecks, whose recorded cases pass, with types of the whole schema', () => {
    expect(argoRolloutCrd(), 'Argo Rollouts v1.8.3 in the Go module cache (cd test/e2e/build/argo-rollouts && go mod download)').toBeDefined();
    // Prepare: a copy of the repository, and the CRD renamed (group and kind) so that it is a kind not yet served.
    copyRepository(repositoryRoot, join(scratch, 'repo'));
    const renamed = readFileSync(argoRolloutCrd()!, 'utf8').replaceAll('argoproj.io', 'scaffold.example.io').replaceAll('kind: Rollout', 'kind: CanaryApp')
      .replaceAll('plural: rollouts', 'plural: canaryapps').replaceAll('singular: rollout', 'singular: canaryapp').replace(/listKind: RolloutList/, 'listKind: CanaryAppList');
    const crd = join(scratch, 'canaryapp-crd.yaml');
    writeFileSync(crd, renamed);
    const repo = join(scratch, 'repo');

    // Act
    const scaffolded = inRepo(repo, `npm run -s new-kind -- --crd ${crd} --owner project`);
    const typecheck = inRepo(repo, 'npm run -s typecheck');
    const checked = inRepo(repo, 'npm run -s interpret -- --check lib/kinds/canaryapp');
    const printed = inRepo(repo, 'npm run -s webhook-config -- --url https://interpreter.example.com --objects interpreter,crd,policy,admission');

    // Assess
    expect(scaffolded.status, scaffolded.stderr).toBe(0);
    expect(scaffolded.stdout).toContain('operations the schema made obvious: InterpretReplica, ReviseReplica, InterpretStatus, AggregateStatus, InterpretDependency');
    expect(typecheck.status, typecheck.stdout + typecheck.stderr).toBe(0);
    expect(checked.stdout).toMatch(/^5 passed, 0 failed$/m);
    const types = readFileSync(join(repo, 'lib/kinds/canaryapp/types.ts'), 'utf8');
    expect(types).toContain('export type CanaryAppSpec = {');
    expect(types).toMatch(/workloadRef\?: \{/);
    expect(types).toContain('observedGeneration?: string;');
    expect(readFileSync(join(repo, 'lib/kinds/interpreters.ts'), 'utf8')).toMatch(/^    load: async \(\) => \(await import\('\.\/canaryapp\/interpreter'\)\)\.canaryAppInterpreter,$/m);
    // Its scale subresource names spec.replicas, status.HPAReplicas and status.selector: the selector is reported.
    expect(readFileSync(join(repo, 'lib/kinds/canaryapp/README.md'), 'utf8').replace(/\s+/g, ' ')).toContain("- **Replicas**: `spec.replicas`, as the CRD's scale subresource says (specReplicasPath `.spec.replicas`, statusReplicasPath `.status.HPAReplicas`, labelSelectorPath `.status.selector`)");
    expect(parse(readFileSync(join(repo, 'lib/kinds/canaryapp/testdata/v1alpha1/interpretstatus-test.yaml'), 'utf8')).output.status).toMatchObject({ HPAReplicas: 3, selector: 'app=example' });
    // Argo's CRD is Argo's: interpreted only, and webhook-config prints only its interpreter webhooks.
    expect(readdirSync(join(repo, 'lib/kinds/canaryapp')).sort()).toEqual(['README.md', 'identity.ts', 'interpreter.ts', 'schema.ts', 'testdata', 'types.ts']);
    expect(printed.status, printed.stderr).toBe(0);
    const objects = parseAllDocuments(printed.stdout).map((document) => document.toJS() as { kind: string; webhooks?: { name: string; rules: { operations: string[]; kinds: string[] }[] }[] });
    const naming = (object: { webhooks?: unknown }) => JSON.stringify(object).includes('scaffold.example.io');
    expect(objects.filter(naming).map((object) => object.kind)).toEqual(['ResourceInterpreterWebhookConfiguration']);
    const replica = objects[0]!.webhooks!.find((webhook) => webhook.name === 'interpretreplica.karmada-serverless-interpreter');
    expect(replica?.rules.flatMap((rule) => rule.kinds)).toContain('CanaryApp');
  }, 300_000);
});

describe('new-kind reads the CRD as its API server does', () => {
  const gadgetCrd = join(repositoryRoot, 'test/fixtures/scaffold/gadget-crd.yaml');

  it('writes every status field the CRD requires, of a value its schema admits, and the replica count its scale subresource names', async () => {
    // Prepare: a CRD whose status requires a field of every type, and whose scale subresource names spec.size.
    const repo = freshCopy('gadget');
    const statusSchema = storageSchemaOf(gadgetCrd).properties!.status!;
    const template = {
      apiVersion: 'scaffold.example.io/v1', kind: 'Gadget', metadata: { name: 'g', namespace: 'default', generation: 4 },
      spec: { size: 4, replicas: 2, paused: true },
    };
    const reported = (clusterName: string, status: JsonObject) => ({ clusterName, applied: true, status });

    // Act
    const scaffolded = await run(['--crd', gadgetCrd, '--owner', 'project'], repo);
    const home = join(repo, 'lib/kinds/gadget');
    const interpreter = (await interpreterOfFolder(home)) as ResourceInterpreter;
    const alone = answered(interpreter, { operation: 'AggregateStatus', desired: template, statusItems: [] });
    const reflected = answered(interpreter, { operation: 'InterpretStatus', observed: { ...template, status: {} } });
    const first = reflected.status as JsonObject;
    const second: JsonObject = {
      ...first, phase: 'Running', paused: true, startedAt: '2026-02-01T00:00:00Z', readyReplicas: 2, scaled: 1, podSelector: 'app=g',
      shard: { ready: true, availableReplicas: 2, lastSync: '2026-02-02T00:00:00Z', mode: 'Manual', inner: { depth: 3 } },
      generation: 4, resourceTemplateGeneration: 4, observedGeneration: 4,
    };
    const apart = answered(interpreter, { operation: 'AggregateStatus', desired: template, statusItems: [reported('member1', { ...first, phase: 'Failed', paused: false, podSelector: 'app=g' }), reported('member2', second)] });
    const replica = answered(interpreter, { operation: 'InterpretReplica', desired: template });
    const revised = answered(interpreter, { operation: 'ReviseReplica', desired: template, replicas: 7 });
    const typecheck = typecheckKind(repo, 'gadget');
    const checked = inRepo(repo, 'npm run -s interpret -- --check lib/kinds/gadget');

    // Assess: the recorded cases' statuses, and what the skeleton answers, have every required field, admitted.
    expect(scaffolded.code, scaffolded.stderr).toBe(0);
    expect(typecheck.status, typecheck.stdout + typecheck.stderr).toBe(0);
    expect(checked.stdout).toMatch(/^6 passed, 0 failed$/m);
    const statuses = [
      ...recordedOutputs(home, 'v1', 'AggregateStatus').map((output) => (output.aggregatedStatus as JsonObject).status),
      ...recordedOutputs(home, 'v1', 'InterpretStatus').map((output) => output.status),
      (alone.aggregatedStatus as JsonObject).status, first, (apart.aggregatedStatus as JsonObject).status,
    ];
    expect(requiredPaths(statusSchema)).toHaveLength(21);
    for (const status of statuses) {
      expect(missingRequired(statusSchema, status)).toEqual([]);
      expect(schemaProblems(statusSchema, status)).toEqual([]);
    }
    // No member yet: the template's spec.paused, and its generation (nothing lags, as Karmada's Deployment says).
    expect((alone.aggregatedStatus as JsonObject).status).toMatchObject({ paused: true, observedGeneration: 4, phase: 'Pending', readyReplicas: 0 });
    // A member that did not report its generations has not observed the template; members apart agree on nothing.
    expect((apart.aggregatedStatus as JsonObject).status).toEqual({
      observedGeneration: 0, readyReplicas: 2, updatedReplicas: 0, scaled: 1, podSelector: 'app=g', phase: 'Pending', paused: true, ready: false,
      startedAt: '2026-02-01T00:00:00Z', shard: { ready: true, availableReplicas: 2, lastSync: '2026-02-02T00:00:00Z', mode: 'Auto', inner: { depth: 1 } },
      conditions: [], labels: {}, offset: -1, ratio: 0.5, revision: 'Unknown', limit: 0, uid: '00000000-0000-0000-0000-000000000000', 'odd-name': false,
    });
    expect(first).toMatchObject({ paused: true, observedGeneration: 0, generation: 4 });
    // The scale subresource's spec.size, not spec.replicas.
    expect(replica.replica).toBe(4);
    expect((revised.revised as JsonObject).spec).toEqual({ size: 7, replicas: 2, paused: true });
    const readme = readFileSync(join(home, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain("- **Replicas**: `spec.size`, not `spec.replicas`: the CRD's scale subresource names it (specReplicasPath `.spec.size`, statusReplicasPath `.status.scaled`, labelSelectorPath `.status.podSelector`)");
    expect(readme).toContain('Karmada calls ReviseReplica under Duplicated placement too');
    expect(readme).toContain('- **Status the CRD requires**: `observedGeneration`, `readyReplicas`, `phase`, `paused`');
  }, 300_000);

  it('follows a scale subresource it cannot read with a note, not a guess at spec.replicas', async () => {
    // Prepare
    const crd = parse(readFileSync(gadgetCrd, 'utf8'));
    crd.spec.versions[0].subresources.scale.specReplicasPath = '.spec.scaling.size';
    const path = file('gadget-nested-scale.yaml', stringify(crd));
    const repo = freshCopy('gadget-nested');

    // Act
    const { code, stdout, stderr } = await run(['--crd', path, '--owner', 'project'], repo);

    // Assess
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('operations the schema made obvious: InterpretStatus, AggregateStatus, InterpretDependency\n');
    expect(readFileSync(join(repo, 'lib/kinds/gadget/README.md'), 'utf8').replace(/\s+/g, ' ')).toContain(
      "- **Scale subresource**: the scale subresource's specReplicasPath is .spec.scaling.size, not a field directly under spec: the skeleton has no InterpretReplica or ReviseReplica; write them on that field.",
    );
  });
});

/** Prometheus Operator's release whose Prometheus CRD new-kind is checked against (the newest the Go module proxy serves). */
const prometheusOperator = { module: 'github.com/prometheus-operator/prometheus-operator', version: 'v0.85.0', file: 'example/prometheus-operator-crd/monitoring.coreos.com_prometheuses.yaml' };
const go = requireTool('go');

describe.skipIf(go.missing)(`new-kind on Prometheus Operator's own Prometheus CRD (${prometheusOperator.version})${go.note}`, () => {
  it("writes an AggregateStatus whose every status has what the CRD requires (paused too), and replicas from the scale subresource's spec.shards", async (context) => {
    // Prepare: the CRD as the Go module proxy serves it (under CI=true it must be there).
    let crd: string;
    try {
      crd = join(goModuleDir(prometheusOperator.module, prometheusOperator.version), prometheusOperator.file);
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable) || process.env.CI === 'true') throw error;
      context.skip(error.message);
      return;
    }
    const statusSchema = storageSchemaOf(crd).properties!.status!;
    // Prometheus is served here: the copy goes without it, as a repository before it was added.
    const repo = freshCopy('prometheus', 'prometheus');
    const home = join(repo, 'lib/kinds/prometheus');
    const template = {
      apiVersion: 'monitoring.coreos.com/v1', kind: 'Prometheus', metadata: { name: 'k8s', namespace: 'monitoring', generation: 3 },
      spec: { replicas: 2, shards: 3, paused: true },
    };

    // Act
    // In the copy, not in process: this process's lib/kit/kinds lists the kinds served here, Prometheus among them.
    const scaffolded = inRepo(repo, `npm run -s new-kind -- --crd ${crd} --owner project`);
    const interpreter = (await interpreterOfFolder(home)) as ResourceInterpreter;
    const recorded = recordedOutputs(home, 'v1', 'AggregateStatus').map((output) => (output.aggregatedStatus as JsonObject).status);
    const reflected = recordedOutputs(home, 'v1', 'InterpretStatus').map((output) => output.status);
    const alone = answered(interpreter, { operation: 'AggregateStatus', desired: template, statusItems: [] });
    const replica = answered(interpreter, { operation: 'InterpretReplica', desired: template });
    const revised = answered(interpreter, { operation: 'ReviseReplica', desired: template, replicas: 5 });
    const healthy = (shards: number) => answered(interpreter, { operation: 'InterpretHealth', observed: { ...template, status: { shards, replicas: 6, paused: true } } }).healthy;
    const typecheck = typecheckKind(repo, 'prometheus');
    const checked = inRepo(repo, 'npm run -s interpret -- --check lib/kinds/prometheus');

    // Assess: the CRD requires paused and the four counts in every status, and every status written has them.
    expect(scaffolded.status, scaffolded.stderr).toBe(0);
    expect(statusSchema.required).toEqual(expect.arrayContaining(['paused', 'replicas', 'availableReplicas', 'updatedReplicas', 'unavailableReplicas']));
    expect(recorded).toHaveLength(1);
    for (const status of [...recorded, ...reflected, (alone.aggregatedStatus as JsonObject).status]) {
      expect(missingRequired(statusSchema, status)).toEqual([]);
      expect(schemaProblems(statusSchema, status)).toEqual([]);
    }
    expect(recorded[0]).toMatchObject({ paused: false, replicas: 3, shards: 3, selector: 'app=example' });
    expect((alone.aggregatedStatus as JsonObject).status).toMatchObject({ paused: true, replicas: 0 });
    // Replicas are the scale subresource's: spec.shards (specReplicasPath), status.shards (statusReplicasPath).
    expect(replica).toEqual({ replica: 3, requires: null });
    expect((revised.revised as JsonObject).spec).toEqual({ replicas: 2, shards: 5, paused: true });
    expect([healthy(2), healthy(3)]).toEqual([false, true]);
    // The generated health names what decided it.
    const reasonOf = (shards: number) => interpret(createInterpreterRegistry([interpreter]), JSON.parse(JSON.stringify(interpreterContextFor({ operation: 'InterpretHealth', observed: { ...template, status: { shards, replicas: 6, paused: true, observedGeneration: 3 } } }).context))).reason;
    expect([reasonOf(2), reasonOf(3)]).toEqual(['status.shards 2 < spec.shards 3', 'status.shards 3 >= spec.shards 3']);
    const readme = readFileSync(join(home, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain("- **Replicas**: `spec.shards`, not `spec.replicas`: the CRD's scale subresource names it (specReplicasPath `.spec.shards`, statusReplicasPath `.status.shards`, labelSelectorPath `.status.selector`)");
    expect(readme).toContain('Karmada calls ReviseReplica under Duplicated placement too');
    expect(readme).toContain('- **Status the CRD requires**: `availableReplicas`, `paused`, `replicas`, `unavailableReplicas`, `updatedReplicas`.');
    expect(typecheck.status, typecheck.stdout + typecheck.stderr).toBe(0);
    expect(checked.stdout).toMatch(/^5 passed, 0 failed$/m);
  }, 300_000);
});
