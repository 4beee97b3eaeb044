// `npm run webhook-config` prints a configuration Karmada's admission accepts, whose URLs reach the functions serving each rule.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments, parse } from 'yaml';
import { interpreterRegistry } from '../../lib/kinds/interpreters';

// A family folder's example kinds are claimed by the family's rule (its groups, versions and kinds `*`), not alone.
const interpreters = (await interpreterRegistry.loadAll()).filter((interpreter) => interpreter.family === undefined);
const families = await interpreterRegistry.loadFamilies();
/** Each family's rule by default: its exact groups, every version and kind. */
const familyRules = (operationsFor: (operations: object) => InterpreterOperation[]) =>
  families.map((family) => ({ operations: operationsFor(family.operations), apiGroups: family.groups.filter((group) => !group.startsWith('*.')), apiVersions: ['*'], kinds: ['*'] }));
import { interpreterOperations, routeSegmentOf, type InterpreterOperation } from '../../lib/interpreter/wire/operations';
import { dispatcherFunction, matchRoute } from '../../lib/routes';
import { buildWebhookConfiguration, optInOperations } from '../../lib/karmada/webhook-configuration';
import { main } from '../../scripts/webhook-config';
import { startMoto, type Moto } from '../support/moto';
import { requireTool } from '../support/tools';

// ---- Karmada's admission rules for ResourceInterpreterWebhookConfiguration (spec §6, pkg/webhook/configuration/validating.go)

interface Webhook {
  name: string;
  rules: { operations: string[]; apiGroups: string[]; apiVersions: string[]; kinds: string[] }[];
  clientConfig: { url?: string; service?: unknown; caBundle?: string };
  interpreterContextVersions: string[];
  timeoutSeconds?: number;
}

interface Configuration {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  webhooks: Webhook[];
}

const admittedOperations = new Set([
  'InterpretReplica',
  'InterpretComponent',
  'ReviseReplica',
  'Retain',
  'AggregateStatus',
  'InterpretStatus',
  'InterpretHealth',
  'InterpretDependency',
]);
const dns1123Subdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

function wildcardAloneErrors(path: string, values: string[] | undefined): string[] {
  if (!Array.isArray(values) || values.length === 0) return [`${path}: required`];
  return values.length > 1 && values.includes('*') ? [`${path}: '*' must be alone`] : [];
}

function urlErrors(path: string, raw: string): string[] {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return [`${path}: not a URL`];
  }
  const errors: string[] = [];
  if (url.protocol !== 'https:') errors.push(`${path}: scheme must be https`);
  if (url.hostname === '') errors.push(`${path}: host required`);
  if (url.username !== '' || url.password !== '' || raw.slice(0, raw.indexOf('/', 8)).includes('@')) errors.push(`${path}: user-info not allowed`);
  if (url.search !== '' || raw.includes('?')) errors.push(`${path}: query not allowed`);
  if (url.hash !== '' || raw.includes('#')) errors.push(`${path}: fragment not allowed`);
  return errors;
}

/** Everything Karmada's validating admission webhook would deny; empty when the object is admitted. */
function admissionErrors(config: Configuration): string[] {
  const errors: string[] = [];
  if (config.apiVersion !== 'config.karmada.io/v1alpha1') errors.push('apiVersion');
  if (config.kind !== 'ResourceInterpreterWebhookConfiguration') errors.push('kind');
  if (typeof config.metadata?.name !== 'string' || !dns1123Subdomain.test(config.metadata.name)) errors.push('metadata.name');
  const names = new Set<string>();
  config.webhooks.forEach((hook, i) => {
    const at = `webhooks[${i}]`;
    const name = hook.name.endsWith('.') ? hook.name.slice(0, -1) : hook.name;
    if (name.length > 253 || !dns1123Subdomain.test(name) || name.split('.').some((label) => label.length > 63)) {
      errors.push(`${at}.name: not a DNS-1123 subdomain`);
    }
    if (name.split('.').length < 2) errors.push(`${at}.name: needs at least two labels`);
    if (names.has(hook.name)) errors.push(`${at}.name: duplicate`);
    names.add(hook.name);

    hook.rules.forEach((rule, j) => {
      const ruleAt = `${at}.rules[${j}]`;
      errors.push(...wildcardAloneErrors(`${ruleAt}.operations`, rule.operations));
      for (const operation of rule.operations ?? []) {
        if (operation !== '*' && !admittedOperations.has(operation)) errors.push(`${ruleAt}.operations: unsupported ${operation}`);
      }
      errors.push(...wildcardAloneErrors(`${ruleAt}.apiGroups`, rule.apiGroups));
      errors.push(...wildcardAloneErrors(`${ruleAt}.apiVersions`, rule.apiVersions));
      if ((rule.apiVersions ?? []).some((version) => version === '')) errors.push(`${ruleAt}.apiVersions: empty version`);
      errors.push(...wildcardAloneErrors(`${ruleAt}.kinds`, rule.kinds));
    });

    if (hook.timeoutSeconds !== undefined && !(Number.isInteger(hook.timeoutSeconds) && hook.timeoutSeconds >= 1 && hook.timeoutSeconds <= 30)) {
      errors.push(`${at}.timeoutSeconds: must be 1..30`);
    }
    const { url, service } = hook.clientConfig ?? {};
    if ((url === undefined) === (service === undefined)) errors.push(`${at}.clientConfig: exactly one of url or service`);
    if (url !== undefined) errors.push(...urlErrors(`${at}.clientConfig.url`, url));

    const versions = hook.interpreterContextVersions ?? [];
    if (new Set(versions).size !== versions.length) errors.push(`${at}.interpreterContextVersions: duplicate`);
    if (!versions.includes('v1alpha1')) errors.push(`${at}.interpreterContextVersions: must include v1alpha1`);
  });
  return errors;
}

describe('the admission validator', () => {
  it('denies what Karmada denies', () => {
    const hook: Webhook = {
      name: 'workloads.example.com',
      rules: [{ operations: ['InterpretReplica'], apiGroups: ['workload.example.io'], apiVersions: ['v1alpha1'], kinds: ['Workload'] }],
      clientConfig: { url: 'https://interpreter.example.com/interpreter' },
      interpreterContextVersions: ['v1alpha1'],
      timeoutSeconds: 10,
    };
    const config = (webhooks: Webhook[]): Configuration => ({
      apiVersion: 'config.karmada.io/v1alpha1',
      kind: 'ResourceInterpreterWebhookConfiguration',
      metadata: { name: 'x' },
      webhooks,
    });
    const rule = hook.rules[0]!;
    expect(admissionErrors(config([hook]))).toEqual([]);
    const denied: Webhook[] = [
      { ...hook, name: 'workloads' },
      { ...hook, name: 'Workloads.example.com' },
      { ...hook, rules: [{ ...rule, operations: ['Prune'] }] },
      { ...hook, rules: [{ ...rule, operations: ['*', 'Retain'] }] },
      { ...hook, rules: [{ ...rule, kinds: ['*', 'Workload'] }] },
      { ...hook, clientConfig: { url: 'http://interpreter.example.com/interpreter' } },
      { ...hook, clientConfig: { url: 'https://interpreter.example.com/interpreter?x=1' } },
      { ...hook, clientConfig: { url: 'https://interpreter.example.com/interpreter#x' } },
      { ...hook, clientConfig: { url: 'https://user@interpreter.example.com/interpreter' } },
      { ...hook, clientConfig: {} },
      { ...hook, interpreterContextVersions: ['v1alpha1', 'v1alpha1'] },
      { ...hook, interpreterContextVersions: ['v1beta1'] },
      { ...hook, timeoutSeconds: 31 },
    ];
    for (const webhook of denied) expect(admissionErrors(config([webhook])), JSON.stringify(webhook)).not.toEqual([]);
    expect(admissionErrors(config([hook, hook]))).toContain('webhooks[1].name: duplicate');
  });
});

// ---- running the CLI

const token = 'tok_EN-0123456789abcdef';
const base = 'https://interpreter.example.com';

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

function spawnCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join('node_modules', '.bin', 'tsx'), [join('scripts', 'webhook-config.ts'), ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The single YAML document on stdout: nothing else may be printed there. */
function configurationOf(stdout: string): Configuration {
  const documents = [...parseAllDocuments(stdout)];
  expect(documents.length).toBe(1);
  expect(documents[0]!.errors).toEqual([]);
  return documents[0]!.toJS() as Configuration;
}

/** Every (group, version, kind, operation) the registry serves. */
const served = [
  ...interpreters.flatMap((interpreter) =>
    interpreter.versions.flatMap((version) =>
      (Object.keys(interpreter.operations) as InterpreterOperation[]).map((operation) => `${interpreter.group}/${version}/${interpreter.kind}/${operation}`),
    ),
  ),
  ...families.flatMap((family) => family.groups.filter((group) => !group.startsWith('*.')).flatMap((group) => (Object.keys(family.operations) as InterpreterOperation[]).map((operation) => `${group}/*/*/${operation}`))),
];
/** What the configuration claims without --include-operations: every served operation but the opt-in ones. */
const claimedByDefault = [
  ...interpreters.flatMap((interpreter) =>
    interpreter.versions.flatMap((version) => defaultOperationsOf(interpreter.operations).map((operation) => `${interpreter.group}/${version}/${interpreter.kind}/${operation}`)),
  ),
  ...families.flatMap((family) => family.groups.filter((group) => !group.startsWith('*.')).flatMap((group) => defaultOperationsOf(family.operations).map((operation) => `${group}/*/*/${operation}`))),
];
/** The registry's operations of one kind that the configuration claims without --include-operations. */
/** In the protocol's order, as webhook-config lists them (whatever order a kind's module declares them in). */
function defaultOperationsOf(operations: object): InterpreterOperation[] {
  return interpreterOperations.filter((operation) => Object.hasOwn(operations, operation) && !(optInOperations.includes(operation) && Object.hasOwn(operations, 'ReviseReplica')));
}

/** Which webhooks match each (group, version, kind, operation), as Karmada matches rules. */
function matchesOf(config: Configuration): Map<string, Webhook[]> {
  const matches = new Map<string, Webhook[]>();
  for (const hook of config.webhooks) {
    for (const rule of hook.rules) {
      for (const group of rule.apiGroups) for (const version of rule.apiVersions) for (const kind of rule.kinds) for (const operation of rule.operations) {
        const key = `${group}/${version}/${kind}/${operation}`;
        matches.set(key, [...(matches.get(key) ?? []), hook]);
      }
    }
  }
  return matches;
}

describe('webhook-config per-operation mode (the default), as a process', () => {
  let result: { code: number | null; stdout: string; stderr: string };
  let config: Configuration;

  beforeAll(async () => {
    result = await spawnCli(['--url', `${base}/`, '--token', token]);
    config = configurationOf(result.stdout);
  });

  it('exits 0, prints only YAML (with the header comment) and keeps the token off stderr', () => {
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain(token);
    expect(result.stdout.startsWith('#')).toBe(true);
    const comment = result.stdout.split('\n').filter((line) => line.startsWith('#')).join('\n');
    expect(comment).toContain('"<configName>/<webhookName>"');
    expect(comment).toContain('Lua');
    expect(parse(result.stdout)).toEqual(config);
  });

  it('is admitted by Karmada', () => {
    expect(admissionErrors(config)).toEqual([]);
    expect(config.metadata.name).toBe('karmada-serverless-interpreter');
  });

  it('has one webhook per operation, named <operation>.<configuration>, with a rule per kind, and the defaults', () => {
    const expected = interpreterOperations.flatMap((operation) => {
      const rules = [
        ...interpreters
          .filter((interpreter) => defaultOperationsOf(interpreter.operations).includes(operation))
          .map((interpreter) => ({ operations: [operation], apiGroups: [interpreter.group], apiVersions: [...interpreter.versions], kinds: [interpreter.kind] })),
        ...familyRules((operations) => defaultOperationsOf(operations).filter((one) => one === operation)).filter((rule) => rule.operations.length > 0),
      ];
      const hook = {
        name: `${operation.toLowerCase()}.karmada-serverless-interpreter`,
        rules,
        clientConfig: { url: `${base}/${token}/interpreter/${routeSegmentOf[operation]}` },
        interpreterContextVersions: ['v1alpha1'],
        timeoutSeconds: 10,
      };
      return rules.length === 0 ? [] : [hook];
    });
    expect(config.webhooks).toEqual(expected);
    expect(config.webhooks.length).toBeLessThanOrEqual(interpreterOperations.length);
    expect(config.webhooks.find((hook) => hook.name === 'interpretreplica.karmada-serverless-interpreter')).toBeDefined();
  });

  it('stays small as kinds are added: the client configuration (caBundle and all) once per operation, never per kind', async () => {
    // Prepare: a CA bundle the size of a real one (~1.2 KB of PEM).
    const pem = `-----BEGIN CERTIFICATE-----\n${'A'.repeat(64).concat('\n').repeat(18)}-----END CERTIFICATE-----\n`;
    const file = join(mkdtempSync(join(tmpdir(), 'webhook-config-')), 'ca.pem');
    writeFileSync(file, pem);

    // Act
    const { stdout } = await run(['--url', base, '--ca-bundle', file, '--include-operations', 'InterpretComponent']);

    // Assess: kubectl apply keeps the whole object in an annotation of at most 256 KiB, with room to spare.
    const bundles = configurationOf(stdout).webhooks.filter((hook) => hook.clientConfig.caBundle !== undefined).length;
    expect(bundles).toBeLessThanOrEqual(interpreterOperations.length);
    expect(Buffer.byteLength(JSON.stringify(configurationOf(stdout)))).toBeLessThan(64 * 1024);
  });

  it('claims every served kind and operation but the opt-in ones with exactly one webhook, and nothing else', () => {
    const matches = matchesOf(config);
    expect(claimedByDefault.length).toBeLessThan(served.length);
    expect([...matches.keys()].sort()).toEqual([...claimedByDefault].sort());
    for (const [key, hooks] of matches) expect(hooks.length, key).toBe(1);
  });

  it("routes each webhook's URL, token and all, to the function serving its operation", () => {
    for (const hook of config.webhooks) {
      const url = new URL(hook.clientConfig.url!);
      const match = matchRoute('POST', url.pathname);
      const operation = hook.rules[0]!.operations[0] as InterpreterOperation;
      expect(hook.rules.every((rule) => rule.operations.length === 1 && rule.operations[0] === operation), hook.name).toBe(true);
      expect(match, hook.clientConfig.url).toBeDefined();
      expect(match!.route.operation).toBe(operation);
      expect(match!.route.functionName).toBe(routeSegmentOf[operation]);
      expect(match!.pathParameters).toEqual({ token });
      expect(existsSync(join('functions', `${match!.route.functionName}.ts`))).toBe(true);
    }
  });

  it('exits non-zero with a message on stderr and nothing on stdout for invalid input', async () => {
    const failed = await spawnCli(['--url', 'http://interpreter.example.com']);
    expect(failed.code).not.toBe(0);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toMatch(/https/);
  });
});

describe('webhook-config single mode', () => {
  it('has one webhook, named interpreter.<configuration>, at the dispatcher, with a rule per kind holding all its operations', async () => {
    const { code, stdout, stderr } = await run(['--url', base, '--mode', 'single', '--timeout-seconds', '5', '--name', 'workload-interpreter']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const config = configurationOf(stdout);
    expect(admissionErrors(config)).toEqual([]);
    expect(config.metadata.name).toBe('workload-interpreter');
    expect(config.webhooks).toEqual([
      {
        name: 'interpreter.workload-interpreter',
        rules: [
          ...interpreters.map((interpreter) => ({ operations: defaultOperationsOf(interpreter.operations), apiGroups: [interpreter.group], apiVersions: [...interpreter.versions], kinds: [interpreter.kind] })),
          ...familyRules(defaultOperationsOf),
        ],
        clientConfig: { url: `${base}/interpreter` },
        interpreterContextVersions: ['v1alpha1'],
        timeoutSeconds: 5,
      },
    ]);
    const matches = matchesOf(config);
    expect([...matches.keys()].sort()).toEqual([...claimedByDefault].sort());
    for (const [key, hooks] of matches) expect(hooks.length, key).toBe(1);
    for (const hook of config.webhooks) {
      const match = matchRoute('POST', new URL(hook.clientConfig.url!).pathname);
      expect(match?.route.functionName).toBe(dispatcherFunction);
      expect(match?.pathParameters).toBeUndefined();
      expect(existsSync(join('functions', `${dispatcherFunction}.ts`))).toBe(true);
    }
  });

  it('puts the token in front of the dispatcher path', async () => {
    const config = configurationOf((await run(['--url', base, '--mode', 'single', '--token', token])).stdout);
    for (const hook of config.webhooks) {
      expect(hook.clientConfig.url).toBe(`${base}/${token}/interpreter`);
      expect(matchRoute('POST', new URL(hook.clientConfig.url!).pathname)).toMatchObject({ route: { functionName: dispatcherFunction }, pathParameters: { token } });
    }
  });
});

describe('webhook-config options', () => {
  it('leaves the token segment out without --token or --secret-id', async () => {
    const config = configurationOf((await run(['--url', base])).stdout);
    expect(admissionErrors(config)).toEqual([]);
    for (const hook of config.webhooks) {
      const url = new URL(hook.clientConfig.url!);
      expect(url.pathname).toMatch(/^\/interpreter\/[a-z-]+$/);
      expect(matchRoute('POST', url.pathname)?.pathParameters).toBeUndefined();
    }
  });

  it('sets caBundle to the base64 of the --ca-bundle file, and omits it otherwise', async () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUZmFrZQ==\n-----END CERTIFICATE-----\n';
    const file = join(mkdtempSync(join(tmpdir(), 'webhook-config-')), 'ca.pem');
    writeFileSync(file, pem);
    const config = configurationOf((await run(['--url', base, '--ca-bundle', file])).stdout);
    expect(admissionErrors(config)).toEqual([]);
    for (const hook of config.webhooks) expect(Buffer.from(hook.clientConfig.caBundle!, 'base64').toString('utf8')).toBe(pem);
    for (const hook of configurationOf((await run(['--url', base])).stdout).webhooks) expect(hook.clientConfig).not.toHaveProperty('caBundle');
  });

  it('reads the token through the secret reader for --secret-id', async () => {
    let stdout = '';
    const read: string[] = [];
    const code = await main(['--url', base, '--secret-id', 'interpreter/token'], {
      stdout: (text) => (stdout += text),
      stderr: () => undefined,
      readSecret: async (id) => (read.push(id), token),
    });
    expect(code).toBe(0);
    expect(read).toEqual(['interpreter/token']);
    for (const hook of configurationOf(stdout).webhooks) expect(hook.clientConfig.url).toContain(`/${token}/interpreter/`);
  });

  it('leaves out InterpretComponent of a kind that revises replicas unless --include-operations names it', async () => {
    const rulesOf = (config: Configuration) => config.webhooks.flatMap((hook) => hook.rules);
    const revising = (config: Configuration) => rulesOf(config).filter((rule) => interpreters.some((kind) => kind.operations.ReviseReplica !== undefined && rule.kinds.includes(kind.kind) && rule.apiGroups.includes(kind.group)));
    const operationsIn = (config: Configuration) => rulesOf(config).flatMap((rule) => rule.operations);
    const byDefault = configurationOf((await run(['--url', base])).stdout);
    expect(revising(byDefault).flatMap((rule) => rule.operations)).not.toContain('InterpretComponent');
    const included = configurationOf((await run(['--url', base, '--include-operations', 'InterpretComponent'])).stdout);
    expect(admissionErrors(included)).toEqual([]);
    expect([...matchesOf(included).keys()].sort()).toEqual([...served].sort());
    const single = configurationOf((await run(['--url', base, '--mode', 'single', '--include-operations', 'InterpretComponent'])).stdout);
    expect(operationsIn(single)).toContain('InterpretComponent');
  });

  it('claims InterpretComponent by default for a kind that revises nothing (Karmada would ask its own Lua otherwise)', () => {
    // Prepare
    const job = { group: 'batch.example.io', kind: 'Job', plural: 'jobs', versions: ['v1'], storageVersion: 'v1', home: 'test', ownCrd: false, operations: { InterpretComponent: () => [], InterpretHealth: () => ({ healthy: true }) } };
    const workload = { ...job, kind: 'Set', plural: 'sets', operations: { ...job.operations, ReviseReplica: () => [] } };

    // Act
    const config = buildWebhookConfiguration({ interpreters: [job, workload] as never, url: base });

    // Assess
    expect(config.webhooks.map((hook) => [hook.name, hook.rules.map((rule) => rule.kinds[0])])).toEqual([
      ['interpretcomponent.karmada-serverless-interpreter', ['Job']],
      ['revisereplica.karmada-serverless-interpreter', ['Set']],
      ['interprethealth.karmada-serverless-interpreter', ['Job', 'Set']],
    ]);
  });

  it('leaves out --exclude-operations', async () => {
    const config = configurationOf((await run(['--url', base, '--exclude-operations', 'Retain'])).stdout);
    expect(admissionErrors(config)).toEqual([]);
    expect(config.webhooks.flatMap((hook) => hook.rules.flatMap((rule) => rule.operations))).not.toContain('Retain');
    // One rule per kind and operation, whatever the number of versions it lists.
    const all = [...interpreters, ...families];
    const retaining = all.filter(({ operations }) => operations.Retain !== undefined).length;
    expect(retaining).toBeGreaterThan(0);
    expect(config.webhooks.flatMap((hook) => hook.rules).length).toBe(all.reduce((count, { operations }) => count + defaultOperationsOf(operations).length, 0) - retaining);
  });

  it('claims only the kinds --kinds names (group/Kind), every operation of each, and nothing of the others', async () => {
    // Prepare
    const [first, second] = interpreters;
    const names = [first!, second!].map((kind) => `${kind.group}/${kind.kind}`);

    // Act
    const config = configurationOf((await run(['--url', base, '--kinds', names.join(',')])).stdout);

    // Assess
    expect(admissionErrors(config)).toEqual([]);
    const claimed = new Set(config.webhooks.flatMap((hook) => hook.rules.flatMap((rule) => rule.kinds.map((kind) => `${rule.apiGroups[0]}/${kind}`))));
    expect([...claimed].sort()).toEqual([...names].sort());
    expect(config.webhooks.flatMap((hook) => hook.rules).length).toBe([first!, second!].reduce((count, { operations }) => count + defaultOperationsOf(operations).length, 0));
  });

  it.each([
    ['a typo of group/Kind', 'apps.kruise.io/Clonset', '--kinds: this service does not serve "apps.kruise.io/Clonset" (did you mean apps.kruise.io/CloneSet?)'],
    ['a bare Kind', 'clonset', '--kinds: this service does not serve "clonset" (did you mean apps.kruise.io/CloneSet?)'],
    ['a Kind in two groups of names', 'Policy', '--kinds: this service does not serve "Policy" (did you mean kyverno.io/Policy or kyverno.io/ClusterPolicy?)'],
    ['nothing near, and more names', 'x.example.io/Nothing,y/Z', `--kinds: this service does not serve "x.example.io/Nothing" and 1 more; write group/Kind (the README's table of kinds lists the ${interpreters.length} served)`],
  ])('refuses a --kinds name it does not serve (%s) in one short line naming the nearest', async (_what, kinds, message) => {
    // Act
    const { code, stdout, stderr } = await run(['--url', base, '--kinds', kinds]);

    // Assess
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`webhook-config: ${message}\n`);
    expect(stderr.trim().length).toBeLessThanOrEqual(200);
  });

  it('refuses a long unknown --kinds name within 200 characters', async () => {
    // Act
    const { code, stderr } = await run(['--url', base, '--kinds', `${'a'.repeat(2000)}/Kind`]);

    // Assess
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr.trim().length).toBeLessThanOrEqual(200);
  });

  it('rejects an unknown operation in --include-operations', async () => {
    const { code, stderr } = await run(['--url', base, '--include-operations', 'Prune']);
    expect(code).toBe(2);
    expect(stderr).toContain('--include-operations: unknown operation(s) Prune');
  });

  it('prints usage for --help', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: npm run -s webhook-config/);
  });

  it.each([
    ['an http URL', ['--url', 'http://interpreter.example.com'], /https/],
    ['a URL with a query', ['--url', 'https://interpreter.example.com/?stage=prod'], /query/],
    ['a URL with a fragment', ['--url', 'https://interpreter.example.com/#x'], /fragment/],
    ['a URL with user-info', ['--url', 'https://user:pass@interpreter.example.com'], /user-info/],
    ['a URL that already has the routes', ['--url', `${base}/${token}/interpreter`], /base URL/],
    ['no URL', [], /--url is required/],
    ['a relative URL carrying the token', ['--url', `interpreter.example.com/${token}`], /absolute URL/],
    ['timeout 31', ['--url', base, '--timeout-seconds', '31'], /1 to 30/],
    ['timeout 0', ['--url', base, '--timeout-seconds', '0'], /1 to 30/],
    ['timeout 2.5', ['--url', base, '--timeout-seconds', '2.5'], /1 to 30/],
    ['an unknown mode', ['--url', base, '--mode', 'both'], /--mode/],
    ['bad token characters', ['--url', base, '--token', 'tok/en?secret=1'], /letters, digits/],
    ['an empty token', ['--url', base, '--token', ''], /empty/],
    ['a dot-segment token', ['--url', base, '--token', '..'], /not only dots/],
    ['both --token and --secret-id', ['--url', base, '--token', token, '--secret-id', 'interpreter/token'], /mutually exclusive/],
    ['a missing --ca-bundle file', ['--url', base, '--ca-bundle', '/nonexistent/ca.pem'], /--ca-bundle/],
    ['an invalid --name', ['--url', base, '--name', 'Not_A_Name'], /--name/],
    ['an unknown option', ['--url', base, '--tokens', token], /unknown option --tokens/],
    ['a stray argument', ['--url', base, token], /positional/],
  ])('rejects %s: exit code 2, one line on stderr, nothing on stdout', async (_, args, message) => {
    const { code, stdout, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^webhook-config: [^\n]+\n$/);
    expect(stderr).toMatch(message);
    expect(stderr).not.toContain(token);
    expect(stderr).not.toContain('tok/en?secret=1');
  });
});

// ---- --secret-id against a local Secrets Manager (moto); nothing leaves 127.0.0.1

const motoServer = requireTool('moto_server');

describe.skipIf(motoServer.missing)(`webhook-config --secret-id against a local moto_server${motoServer.note}`, () => {
  let moto: Moto | undefined;
  let endpoint: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    moto = await startMoto();
    endpoint = moto.endpoint;
    const credentials = { AWS_ACCESS_KEY_ID: 'testing', AWS_SECRET_ACCESS_KEY: 'testing' };
    const { AWS_PROFILE, AWS_SESSION_TOKEN, AWS_ENDPOINT_URL, AWS_DEFAULT_PROFILE, ...inherited } = process.env;
    const isolated = join(mkdtempSync(join(tmpdir(), 'webhook-config-aws-')), 'none');
    env = {
      ...inherited,
      ...credentials,
      AWS_REGION: 'us-east-1',
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_CONFIG_FILE: isolated,
      AWS_SHARED_CREDENTIALS_FILE: isolated,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoint,
    };
    const { SecretsManagerClient, CreateSecretCommand } = await import('@aws-sdk/client-secrets-manager');
    const client = new SecretsManagerClient({
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: credentials.AWS_ACCESS_KEY_ID, secretAccessKey: credentials.AWS_SECRET_ACCESS_KEY },
    });
    // A trailing newline, as when the secret is written from a file: trimmed, as the stack trims it.
    await client.send(new CreateSecretCommand({ Name: 'interpreter/caller-token', SecretString: `${token}\n` }));
    await client.send(new CreateSecretCommand({ Name: 'interpreter/bad-token', SecretString: 'not a/url?segment' }));
    client.destroy();
  });

  afterAll(async () => {
    await moto?.stop();
  });

  it('puts the token from Secrets Manager in every URL', async () => {
    const { code, stdout, stderr } = await spawnCli(['--url', base, '--secret-id', 'interpreter/caller-token'], env);
    expect(stderr).not.toContain(token);
    expect(code).toBe(0);
    const config = configurationOf(stdout);
    expect(admissionErrors(config)).toEqual([]);
    for (const hook of config.webhooks) {
      expect(matchRoute('POST', new URL(hook.clientConfig.url!).pathname)?.pathParameters).toEqual({ token });
    }
  });

  it('fails clearly for a missing secret and for a secret that is not a URL-safe token, without printing it', async () => {
    const missing = await spawnCli(['--url', base, '--secret-id', 'interpreter/missing'], env);
    expect(missing.code).not.toBe(0);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/interpreter\/missing.*ResourceNotFoundException/);

    const bad = await spawnCli(['--url', base, '--secret-id', 'interpreter/bad-token'], env);
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/interpreter\/bad-token: the token may contain only/);
    expect(bad.stderr).not.toContain('not a/url?segment');
  });
});

describe('webhook-config and family folders', () => {
  it('claims every kind of a named group a family serves with one rule of versions and kinds `*`, beside the kinds named', async () => {
    // Act
    const { code, stdout, stderr } = await run(['--url', base, '--kinds', 'pkg.crossplane.io/*,s3.aws.upbound.io/*,apps.kruise.io/CloneSet']);
    const config = configurationOf(stdout);

    // Assess
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(admissionErrors(config)).toEqual([]);
    const health = config.webhooks.find((hook) => hook.name === 'interprethealth.karmada-serverless-interpreter')!;
    expect(health.rules).toEqual([
      { operations: ['InterpretHealth'], apiGroups: ['apps.kruise.io'], apiVersions: ['v1alpha1', 'v1beta1'], kinds: ['CloneSet'] },
      { operations: ['InterpretHealth'], apiGroups: ['pkg.crossplane.io', 's3.aws.upbound.io'], apiVersions: ['*'], kinds: ['*'] },
    ]);
    expect(config.webhooks.flatMap((hook) => hook.rules).filter((rule) => rule.kinds.includes('*')).every((rule) => rule.apiGroups.length === 2)).toBe(true);
  });

  it('refuses `group/*` of a group no family serves, naming the families, and never claims a family example alone', async () => {
    // Act
    const refused = await run(['--url', base, '--kinds', 'apps/*']);
    const example = await run(['--url', base, '--kinds', 'kubernetes.crossplane.io/Object']);

    // Assess
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^webhook-config: --kinds: "apps\/\*" claims every kind of group "apps", which no family folder serves \(the Crossplane family serves /);
    expect(example.code).toBe(2);
    expect(example.stderr).toBe('webhook-config: --kinds: "kubernetes.crossplane.io/Object" is a kind of the Crossplane family, claimed by its group: write "kubernetes.crossplane.io/*"\n');
  });
});
