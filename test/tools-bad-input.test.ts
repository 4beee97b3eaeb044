// Every command-line tool (interpret, new-kind, webhook-config, deploy, kinds) answers bad input with ONE line on stderr
// naming the problem and the fix, exit code 2 and nothing on stdout, never a stack trace: table by table through
// each tool's main, then one real run of each as a user types it (npm run -s <tool> -- …), all at once to stay fast.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureLine, UsageError, type ToolIo } from '../scripts/entry';
import { main as catalogue } from '../scripts/catalogue';
import { main as deploy } from '../scripts/deploy';
import { main as interpret } from '../scripts/interpret';
import { main as kinds } from '../scripts/kinds';
import { main as newKind } from '../scripts/new-kind';
import { main as webhookConfig } from '../scripts/webhook-config';
import { heldPort } from './support/ports';
import { makeServerPki } from './support/pki';
import { projectRoot } from './support/server';
import { copyRepository } from './support/scratch';
import { requireTool } from './support/tools';
import { loadFailure } from '../lib/kit/modules';

const scratch = mkdtempSync(join(tmpdir(), 'tools-bad-input-'));
const path = (name: string) => join(scratch, name);
const files = {
  empty: path('empty'),
  notYaml: path('not-yaml.yaml'),
  list: path('list.yaml'),
  twoObjects: path('two.yaml'),
  noCases: path('no-cases'),
  configMap: path('configmap.yaml'),
  notPem: path('not-pem.crt'),
  textFile: path('notes.txt'),
  otherCrd: path('other-crd.yaml'),
};
mkdirSync(files.empty);
mkdirSync(files.noCases);
writeFileSync(join(files.noCases, 'interprethealth-test.yaml'), '# every case still to write\n');
writeFileSync(files.notYaml, 'name: [unclosed\n');
writeFileSync(files.list, '- 1\n- 2\n');
writeFileSync(files.twoObjects, 'kind: A\n---\nkind: B\n');
writeFileSync(files.configMap, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n');
writeFileSync(files.notPem, 'not a certificate\n');
writeFileSync(files.textFile, 'hello\n');
writeFileSync(
  files.otherCrd,
  'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec: {group: ray.io, names: {kind: RayCluster}, versions: [{name: v1, served: true}]}\n',
);

/** Loopback ports where nothing listens: taken from the system, then let go. */
let closedPort: number;
/** A loopback server that accepts connections and never answers, counting them. */
let silent: { server: Server; url: string; connections: number };
const servers: Server[] = [];

function listening(server: Server): Promise<string> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  const held = await heldPort();
  closedPort = held.port;
  await held.release();
  const server = createHttpServer(() => undefined);
  silent = { server, url: `http://${await listening(server)}/token/interpreter`, connections: 0 };
  server.on('connection', () => (silent.connections += 1));
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  }
  rmSync(scratch, { recursive: true, force: true });
});

type Main = (argv: readonly string[], io: ToolIo) => Promise<number>;

async function ran(main: Main, argv: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

/** What every refusal looks like: exit code 2, nothing on stdout, one line on stderr with the problem's words. */
function expectRefusal(outcome: { code: number; stdout: string; stderr: string }, tool: string, words: RegExp): void {
  expect({ code: outcome.code, stdout: outcome.stdout }).toEqual({ code: 2, stdout: '' });
  expect(outcome.stderr).toMatch(new RegExp(`^${tool}: [^\\n]+\\n$`));
  expect(outcome.stderr).toMatch(words);
}

describe.skipIf(requireTool('go').missing)('npm run catalogue: bad input', () => {
  it('refuses an unknown option in one line', async () => {
    expectRefusal(await ran(catalogue, ['--bogus']), 'catalogue', /unknown option --bogus; run with --help for usage/);
  });

  it('names the nearest option for a typo', async () => {
    expectRefusal(await ran(catalogue, ['--timeout-second']), 'catalogue', /unknown option --timeout-second \(did you mean --timeout-seconds\?\); run with --help for usage/);
  });

  it('stops at the first kind with one line when the --url webhook cannot be called', async () => {
    // Act
    const outcome = await ran(catalogue, ['--url', `http://127.0.0.1:${closedPort}/token/interpreter`]);

    // Assess
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(/^catalogue: [^\n]*: interpret: cannot call the webhook at http:\/\/127\.0\.0\.1:\d+: connect ECONNREFUSED[^\n]*\n$/);
    expect(outcome.stderr).not.toContain('/token/');
  });
});

describe('npm run interpret: bad input', () => {
  const closed = () => `http://127.0.0.1:${closedPort}/token/interpreter`;
  it.each<[string, () => string[], RegExp]>([
    ['a --check path that is not there', () => ['--check', '/no/such/path'], /\/no\/such\/path: no such file or folder; give a kind's folder/],
    ['an empty --check folder', () => ['--check', files.empty], /no \.yaml, \.yml or \.json case files in it; give/],
    ['a --check folder without a single case', () => ['--check', files.noCases], /its case files hold no case; give/],
    ['a --check file that is not a case file', () => ['--check', files.textFile], /is not a case file \(\.yaml, \.yml or \.json\)/],
    ['a --desired-file that is not there', () => ['--operation', 'InterpretReplica', '--desired-file', path('missing.yaml')], /cannot read --desired-file .*missing\.yaml: no such file; check the path/],
    ['a --desired-file that is a folder', () => ['--operation', 'InterpretReplica', '--desired-file', files.empty], /cannot read --desired-file .*: it is a folder; give a file/],
    ['a --desired-file that is not YAML', () => ['--operation', 'InterpretReplica', '--desired-file', files.notYaml], /--desired-file .*not-yaml\.yaml is not valid YAML or JSON: .* at line \d+, column \d+$/m],
    ['a --observed-file that holds a list', () => ['--operation', 'InterpretHealth', '--observed-file', files.list], /--observed-file .*list\.yaml must hold a Kubernetes object .*, got an array/],
    ['a --desired-file with two objects', () => ['--operation', 'InterpretReplica', '--desired-file', files.twoObjects], /holds 2 documents; give one object per file/],
    ['a --ca-bundle that is not there', () => ['--check', 'lib/kinds/workload', '--url', closed(), '--ca-bundle', path('missing.crt')], /cannot read --ca-bundle .*: no such file/],
    ['an unknown option', () => ['--check', 'lib/kinds/workload', '--bogus'], /unknown option --bogus; run with --help for usage/],
    ['an option mistyped, the nearest named', () => ['--chek', 'lib/kinds/workload'], /unknown option --chek \(did you mean --check\?\); run with --help for usage/],
    ['an --operation mistyped, the nearest named', () => ['--operation', 'InterpretHelth', '--observed-file', files.configMap], /--operation "InterpretHelth" is not supported \(did you mean InterpretHealth\?\); run with --help/],
    ['an option without its value', () => ['--check'], /--check needs a value; run with --help/],
    ['no --operation nor --check', () => ['--desired-file', files.configMap], /--operation is required \(or --check FOLDER\)/],
    ['an unknown --operation', () => ['--operation', 'Scale', '--desired-file', files.configMap], /--operation "Scale" is not supported; use one of/],
    ['a --url that is not a URL', () => ['--check', 'lib/kinds/workload', '--url', 'interpreter.example.org/token'], /--url is not an absolute URL/],
    ['an http --url off this machine', () => ['--check', 'lib/kinds/workload', '--url', 'http://interpreter.example.org/token/interpreter'], /--url http:\/\/interpreter\.example\.org must be https: http:\/\/ is accepted only for a server on this machine/],
    ['a --url where nothing listens', () => ['--check', 'lib/kinds/workload', '--url', closed()], /cannot call the webhook at http:\/\/127\.0\.0\.1:\d+: connect ECONNREFUSED .*\(nothing listens there: start the webhook, or correct --url\)/],
    ['one operation, a --url where nothing listens', () => ['--operation', 'InterpretHealth', '--observed-file', 'docs/examples/workload-member.yaml', '--url', closed()], /connect ECONNREFUSED/],
    ['https to a plain http server', () => ['--check', 'lib/kinds/workload', '--url', silent.url.replace('http:', 'https:')], /: EPROTO: wrong version number \(TLS failed: is it an https server\?/],
    ['a --crd that is not there', () => ['--check', 'lib/kinds/workload', '--crd', path('missing-crd.yaml')], /cannot read --crd .*missing-crd\.yaml: no such file; check the path/],
    ['a --crd that is not YAML', () => ['--check', 'lib/kinds/workload', '--crd', files.notYaml], /--crd .*not-yaml\.yaml is not valid YAML or JSON: .* at line \d+, column \d+$/m],
    ['a --crd without a CRD', () => ['--check', 'lib/kinds/workload', '--crd', files.configMap], /--crd .*configmap\.yaml holds no CustomResourceDefinition; give the kind's CRD manifest/],
    ['a --crd of another kind', () => ['--check', 'lib/kinds/workload', '--crd', files.otherCrd], /--crd .*other-crd\.yaml holds no CRD for workload\.example\.io\/Workload \(it holds ray\.io\/RayCluster\); give --crd the CRD of workload\.example\.io\/Workload/],
    ['one operation, a --crd of another kind', () => ['--operation', 'InterpretHealth', '--observed-file', 'docs/examples/workload-member.yaml', '--crd', files.otherCrd], /holds no CRD for workload\.example\.io\/Workload/],
  ])('%s', async (_what, argv, words) => {
    // Act
    const outcome = await ran(interpret, argv());

    // Assess
    expectRefusal(outcome, 'interpret', words);
    expect(outcome.stderr).not.toContain('/token/');
  });

  it('--check stops at the first call that gets no answer in time, instead of failing every case', async () => {
    // Prepare
    const before = silent.connections;

    // Act
    const outcome = await ran(interpret, ['--check', 'lib/kinds/workload', '--url', silent.url, '--timeout-seconds', '1']);

    // Assess
    expectRefusal(outcome, 'interpret', /the webhook at http:\/\/127\.0\.0\.1:\d+ did not answer within 1s: check that it is up, or raise --timeout-seconds/);
    expect(silent.connections - before).toBe(1);
  });

  const openssl = requireTool('openssl');
  it.skipIf(openssl.missing)(`--check stops at a certificate it cannot trust, and says to give --ca-bundle${openssl.note}`, async () => {
    // Prepare
    const pki = makeServerPki(path('pki'));
    let connections = 0;
    const server = createHttpsServer({ cert: readFileSync(pki.cert), key: readFileSync(pki.key) }, () => undefined);
    server.on('secureConnection', (socket: Socket) => socket.destroy());
    server.on('connection', () => (connections += 1));
    const address = await listening(server);

    // Act
    const outcome = await ran(interpret, ['--check', 'lib/kinds/workload', '--url', `https://${address}/token/interpreter`]);

    // Assess
    expectRefusal(outcome, 'interpret', /cannot call the webhook at https:\/\/127\.0\.0\.1:\d+: .*certificate.* \(the server's certificate is not trusted: give its CA with --ca-bundle/);
    expect(connections).toBe(1);
  });
});

describe('npm run new-kind: bad input', () => {
  // Written into an empty folder, never this checkout, should a refusal ever let it through.
  const root = path('repository');
  mkdirSync(root, { recursive: true });
  it.each<[string, string[], RegExp]>([
    ['no --crd', [], /--crd is required: the manifest of the CRD whose kind to add; run with --help/],
    ['no --owner off a terminal', ['--crd', files.configMap], /--owner is required when stdin is not a terminal: --owner us .* or --owner project/],
    ['a --crd that is not there', ['--crd', '/no/such/crd.yaml', '--owner', 'us'], /cannot read --crd \/no\/such\/crd\.yaml: no such file; check the path/],
    ['a --crd that is a folder', ['--crd', files.empty, '--owner', 'us'], /cannot read --crd .*: it is a folder; give a file/],
    ['a --crd that is not YAML', ['--crd', files.notYaml, '--owner', 'us'], /not-yaml\.yaml is not valid YAML: .*; give --crd a CustomResourceDefinition manifest/],
    ['a --crd without a CRD', ['--crd', files.configMap, '--owner', 'us'], /holds no CustomResourceDefinition; give --crd the CRD's manifest/],
    ['an unknown option, the nearest named', ['--crd', files.configMap, '--kinds', 'A'], /unknown option --kinds \(did you mean --kind\?\); run with --help/],
    ['an option without its value', ['--crd'], /--crd needs a value/],
    ['a stray argument', [files.configMap], /unexpected argument ".*configmap\.yaml"; every option takes the form --name value/],
  ])('%s', async (_what, argv, words) => {
    // Act
    const outcome = await ran((args, io) => newKind(args, { ...io, root }), argv);

    // Assess
    expectRefusal(outcome, 'new-kind', words);
  });
});

describe('npm run webhook-config: bad input', () => {
  it.each<[string, string[], RegExp]>([
    ['no --url', [], /--url is required: the API's https base URL; run with --help/],
    ['an http --url', ['--url', 'http://127.0.0.1:8080'], /--url must use https \(got http\); Karmada rejects other schemes/],
    ['a --ca-bundle that is not there', ['--url', 'https://interpreter.example.org', '--ca-bundle', '/no/such/ca.crt'], /cannot read --ca-bundle \/no\/such\/ca\.crt: no such file; check the path/],
    ['a --ca-bundle that is a folder', ['--url', 'https://interpreter.example.org', '--ca-bundle', files.empty], /cannot read --ca-bundle .*: it is a folder; give a file/],
    ['a --ca-bundle without a certificate', ['--url', 'https://interpreter.example.org', '--ca-bundle', files.notPem], /contains no PEM certificate; give the CA's certificate/],
    ['an unknown option, its value unechoed', ['--url', 'https://interpreter.example.org', '--tokn=s3cret'], /unknown option --tokn \(did you mean --token\?\); run with --help/],
    ['an option without its value', ['--url'], /--url needs a value/],
  ])('%s', async (_what, argv, words) => {
    // Act
    const outcome = await ran(webhookConfig, argv);

    // Assess
    expectRefusal(outcome, 'webhook-config', words);
    expect(outcome.stderr).not.toContain('s3cret');
  });
});

describe('npm run deploy: bad input (refused before any region starts)', () => {
  it.each<[string, string[], RegExp]>([
    ['no --regions', ['--stage', 'prod'], /--regions is required \(the primary first\); run with --help/],
    ['--regions without its value', ['--regions'], /--regions needs a value/],
    ['a region name that is not one', ['--regions', 'eu-west-1,Frankfurt', '--dry-run'], /--regions: "Frankfurt" is not an AWS region name \(like eu-west-1\)/],
    ['a region named twice', ['--regions', 'eu-west-1,eu-west-1', '--dry-run'], /--regions names eu-west-1 twice/],
    ['--region', ['--regions', 'eu-west-1', '--region', 'us-east-1'], /--region is set per region by this command: list the regions with --regions/],
    ['--param region', ['--regions', 'eu-west-1', '--param', 'region=us-east-1'], /--param="region=\.\.\." is set by this command from --regions/],
    ['an option serverless does not know', ['--regions', 'eu-west-1', '--stge', 'prod', '--dry-run'], /unknown option --stge: neither this command nor serverless takes it \(did you mean --stage\?\)/],
    ['a deploy option with --package', ['--regions', 'eu-west-1', '--package', files.empty, '--force'], /serverless package takes no --force: leave it out with --package/],
    ['an unknown short option', ['--regions', 'eu-west-1', '-x'], /unknown option -x: neither this command nor serverless takes it/],
    ['a stray argument', ['--regions', 'eu-west-1', 'prod'], /unexpected argument "prod"; every option takes the form --name value/],
    ['a --package that is a file', ['--regions', 'eu-west-1', '--package', files.textFile], /--package .*notes\.txt is a file; give a folder/],
  ])('%s', async (_what, argv, words) => {
    // Act
    const outcome = await ran(deploy, argv);

    // Assess
    expectRefusal(outcome, 'deploy', words);
  });
});

describe('npm run kinds: bad input', () => {
  it.each<[string, string[], RegExp]>([
    ['an unknown option, the nearest named', ['--chek'], /unknown option --chek \(did you mean --check\?\); run with --help/],
    ['a value for a switch', ['--check=yes'], /--check takes no value; run with --help/],
  ])('%s', async (_what, argv, words) => {
    // Act
    const outcome = await ran(kinds, argv);

    // Assess
    expectRefusal(outcome, 'kinds', words);
  });
});

describe('an error nobody expected', () => {
  it('is one line that says it is a bug, never a stack', () => {
    // Act
    const lines = [new TypeError("Cannot read properties of undefined (reading 'spec')\n    at main (scripts/x.ts:1:1)"), 'thrown text'].map((error) =>
      failureLine({ name: 'interpret', inputErrors: [] }, error),
    );

    // Assess
    expect(lines).toEqual([
      "interpret: unexpected error (a bug: please report it with the command that caused it): TypeError: Cannot read properties of undefined (reading 'spec')",
      'interpret: unexpected error (a bug: please report it with the command that caused it): thrown text',
    ]);
    expect(failureLine({ name: 'deploy', inputErrors: [] }, new UsageError('--regions is required'))).toBe('deploy: --regions is required; run with --help for usage');
  });
});

describe('a kind that does not load', () => {
  it('is one line naming its file and line, whatever broke it', () => {
    // Prepare: the errors node and tsx (esbuild) throw for an import of a missing name, a syntax error, a throw.
    const link = Object.assign(new SyntaxError("The requested module '../../review/json' does not provide an export named 'nope'"), {
      stack: `${join(projectRoot, 'lib/kinds/webapp/interpreter.ts')}:4\nimport { nope } from '../../review/json';\n         ^\n\nSyntaxError: The requested module …\n    at ModuleJob._instantiate (node:internal/modules/esm/module_job:213:21)`,
    });
    const transform = new Error(`Transform failed with 1 error:\n${join(projectRoot, 'lib/kinds/webapp/schema.ts')}:9:31: ERROR: Unexpected ";"`);
    const thrown = Object.assign(new Error('spec.versions is empty'), {
      stack: `Error: spec.versions is empty\n    at define (file://${join(projectRoot, 'node_modules/x/index.js')}:1:1)\n    at <anonymous> (file://${join(projectRoot, 'lib/kinds/webapp/identity.ts')}:12:7)`,
    });

    // Act
    const lines = [link, transform, thrown].map(loadFailure);

    // Assess
    expect(lines).toEqual([
      "lib/kinds/webapp/interpreter.ts:4: The requested module '../../review/json' does not provide an export named 'nope'",
      'lib/kinds/webapp/schema.ts:9:31: ERROR: Unexpected ";"',
      'lib/kinds/webapp/identity.ts:12: spec.versions is empty',
    ]);
  });
});

describe('as a user runs them', () => {
  const broken = mkdtempSync(join(tmpdir(), 'tools-broken-kind-'));
  afterAll(() => rmSync(broken, { recursive: true, force: true }));

  interface Run {
    status: number | null;
    stdout: string;
    /** npm's own lines (a config warning) left out. */
    stderr: string[];
  }
  const runCommand = (command: string, args: string[], cwd = projectRoot): Promise<Run> =>
    new Promise((resolve) => {
      const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (status) => resolve({ status, stdout, stderr: stderr.split('\n').filter((line) => line !== '' && !line.startsWith('npm ')) }));
    });
  const npmRun = (tool: string, ...args: string[]) => runCommand('npm', ['run', '-s', tool, '--', ...args]);

  it('prints one line and exits 2 from npm run: bad input, a kind that does not load, a bug that escapes a tool', async () => {
    // Prepare: a scratch copy whose Workload interpreter imports a name nothing exports.
    copyRepository(projectRoot, broken);
    const interpreter = join(broken, 'lib/kinds/workload/interpreter.ts');
    writeFileSync(interpreter, `import { notExported } from '../../review/json';\n${readFileSync(interpreter, 'utf8')}`);
    const crashing = join(projectRoot, 'test/fixtures/tools/crashing-tool.ts');

    // Act
    const tsx = (script: string, ...args: string[]) => runCommand(process.execPath, ['--import', 'tsx', script, ...args]);
    const runs = await Promise.all([
      npmRun('interpret', '--check', 'lib/kinds/workload', '--url', `http://127.0.0.1:${closedPort}/token/interpreter`),
      runCommand('npm', ['run', '-s', 'interpret', '--', '--check', 'lib/kinds/workload'], broken),
      npmRun('deploy', '--regions', 'eu-west-1', '--bogus'),
      tsx('scripts/new-kind.ts', '--crd', '/no/such/crd.yaml', '--owner', 'us'),
      tsx('scripts/webhook-config.ts', '--url', 'http://interpreter.example.org'),
      tsx(crashing, 'later'),
    ]);

    // Assess
    expect(runs.map(({ status, stdout, stderr }) => ({ status, stdout, lines: stderr.length }))).toEqual(runs.map(() => ({ status: 2, stdout: '', lines: 1 })));
    expect(runs.map(({ stderr }) => stderr[0])).toEqual([
      `interpret: cannot call the webhook at http://127.0.0.1:${closedPort}: connect ECONNREFUSED 127.0.0.1:${closedPort} (nothing listens there: start the webhook, or correct --url)`,
      "interpret: cannot load the interpreters (lib/kinds/interpreters.ts): lib/kinds/workload/interpreter.ts:1: The requested module '../../review/json' does not provide an export named 'notExported' (npm run typecheck lists every such error)",
      'deploy: unknown option --bogus: neither this command nor serverless takes it; run with --help for usage',
      'new-kind: cannot read --crd /no/such/crd.yaml: no such file; check the path',
      'webhook-config: --url must use https (got http); Karmada rejects other schemes',
      expect.stringMatching(/^crashing-tool: unexpected error \(a bug: please report it with the command that caused it\): SyntaxError: /),
    ]);
  }, 120_000); // Six runs of node and tsx at once: seconds on an idle machine, more when others share it.
});
