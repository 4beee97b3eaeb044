// `npm run interpret`: one operation on files, and --check of testdata folders, locally, against `npm start` and
// against servers that answer wrongly (the report must say what differs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { localWebhook } from '../../lib/kit/webhook';
import type { JsonObject } from '../../lib/review/json';
import type { ResourceInterpreterContext } from '../../lib/interpreter/wire/types';
import { main } from '../../scripts/interpret';
import { startLocalServer, type LocalServer } from '../support/server';
import { requireTool } from '../support/tools';

const casesRoot = 'lib/kinds';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(...argv: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

/** The printed results as `{name: value}`, read back from the `# [i/n] name:` documents. */
function printedResults(stdout: string): Record<string, unknown> {
  const results: Record<string, unknown> = {};
  for (const chunk of stdout.split(/^---\n/m)) {
    const header = /^# \[\d+\/\d+\] (\w+):\n/.exec(chunk);
    if (header) results[header[1]!] = parse(chunk.slice(header[0].length));
  }
  return results;
}

function summaryOf(stdout: string): { passed: number; failed: number } {
  const match = /^(\d+) passed, (\d+) failed$/m.exec(stdout);
  if (!match) throw new Error(`no summary line in ${stdout}`);
  return { passed: Number(match[1]), failed: Number(match[2]) };
}

const dir = mkdtempSync(join(tmpdir(), 'interpret-'));
function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : stringify(content));
  return path;
}

const workload = {
  apiVersion: 'workload.example.io/v1alpha1',
  kind: 'Workload',
  metadata: { name: 'web', namespace: 'shop', labels: { 'resourcetemplate.karmada.io/retain-replicas': 'true' } },
  spec: {
    replicas: 3,
    paused: false,
    template: {
      spec: {
        serviceAccountName: 'web',
        containers: [{ name: 'web', image: 'nginx', resources: { requests: { cpu: '250m', memory: '64Mi' } }, envFrom: [{ configMapRef: { name: 'web-config' } }] }],
      },
    },
  },
  status: { readyReplicas: 3 },
};
const desiredFile = file('desired.yaml', workload);

/** A 127.0.0.1 server answering every POST with `answer(request body)`, recording what it received. */
async function fakeWebhook(answer: (body: ResourceInterpreterContext, response: ServerResponse) => unknown): Promise<{ url: string; received: ResourceInterpreterContext[]; urls: string[]; server: Server }> {
  const received: ResourceInterpreterContext[] = [];
  const urls: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ResourceInterpreterContext;
      received.push(body);
      urls.push(request.url ?? '');
      const reply = await answer(body, response);
      if (response.headersSent) return;
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/secret-token/interpreter`, received, urls, server };
}

const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('interpret: one operation on files (local interpreters)', () => {
  it('prints replica and requires for InterpretReplica, like karmadactl interpret', async () => {
    // Act
    const { code, stdout, stderr } = await run('--operation', 'InterpretReplica', '--desired-file', desiredFile);

    // Assess
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('# [1/2] replica:');
    expect(printedResults(stdout)).toEqual({ replica: 3, requires: { resourceRequest: { cpu: '250m', memory: '64Mi' } } });
  });

  it('prints the patched object for ReviseReplica, Retain and AggregateStatus', async () => {
    // Prepare
    const observedFile = file('observed.yaml', { ...workload, spec: { ...workload.spec, replicas: 7, paused: true } });
    const statusFile = file('status.yaml', '---\nclusterName: member1\nstatus: {readyReplicas: 2}\n---\nclusterName: member2\nstatus: {readyReplicas: 4}\n');

    // Act
    const revised = await run('--operation', 'revisereplica', '--desired-file', desiredFile, '--desired-replica', '5');
    const retained = await run('--operation', 'Retain', '--desired-file', desiredFile, '--observed-file', observedFile);
    const aggregated = await run('--operation', 'AggregateStatus', '--desired-file', desiredFile, '--status-file', statusFile);

    // Assess
    expect(printedResults(revised.stdout)).toEqual({ revised: { ...workload, spec: { ...workload.spec, replicas: 5 } } });
    expect(printedResults(retained.stdout)).toEqual({ retained: { ...workload, spec: { ...workload.spec, replicas: 7, paused: true } } });
    expect(printedResults(aggregated.stdout)).toEqual({ aggregatedStatus: { ...workload, status: { readyReplicas: 6 } } });
  });

  it('reads JSON, takes the observed object for InterpretHealth, and prints status and dependencies', async () => {
    // Prepare
    const observedJson = file('observed.json', JSON.stringify({ ...workload, status: { readyReplicas: 1 } }));

    // Act
    const health = await run('--operation', 'InterpretHealth', '--observed-file', observedJson);
    const status = await run('--operation', 'InterpretStatus', '--observed-file', observedJson);
    const dependencies = await run('--operation', 'InterpretDependency', '--desired-file', desiredFile);

    // Assess
    expect(printedResults(health.stdout)).toEqual({ healthy: false });
    // The reason, as a YAML comment after the answer: what the call's log line would say decided it.
    expect(health.stdout).toMatch(/^# reason: status\.readyReplicas 1 != spec\.replicas \d+$/m);
    expect(printedResults(status.stdout)).toEqual({ status: { readyReplicas: 1 } });
    expect(printedResults(dependencies.stdout)).toEqual({
      dependencies: [
        { apiVersion: 'v1', kind: 'ConfigMap', name: 'web-config', namespace: 'shop' },
        { apiVersion: 'v1', kind: 'ServiceAccount', name: 'web', namespace: 'shop' },
      ],
    });
  });

  it('prints the raw response and the decoded patch with --verbose', async () => {
    // Act
    const { code, stdout } = await run('--operation', 'ReviseReplica', '--desired-file', desiredFile, '--desired-replica', '2', '--verbose');

    // Assess
    expect(code).toBe(0);
    const documents = parseAllDocuments(stdout).map((d) => d.toJS());
    const raw = documents[0] as { response: { successful: boolean; patchType: string; uid: string } };
    expect(raw.response).toMatchObject({ successful: true, patchType: 'JSONPatch' });
    expect(documents[1]).toEqual([{ op: 'add', path: '/spec/replicas', value: 2 }]);
  });

  it('exits 1 with the webhook message naming the field on successful: false', async () => {
    // Prepare
    const bad = file('bad.yaml', { ...workload, spec: { ...workload.spec, paused: 'yes' } });

    // Act
    const { code, stdout, stderr } = await run('--operation', 'InterpretHealth', '--desired-file', bad);

    // Assess
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('interpret: InterpretHealth failed with code 400: object.spec.paused must be a boolean, got a string\n');
  });

  it('exits 2 with a usage message for missing or contradictory inputs', async () => {
    // Act
    const runs = await Promise.all([
      run('--desired-file', desiredFile),
      run('--operation', 'Scale', '--desired-file', desiredFile),
      run('--operation', 'InterpretHealth', '--desired-file', desiredFile, '--observed-file', desiredFile),
      run('--operation', 'InterpretHealth'),
      run('--operation', 'InterpretHealth', '--desired-file', join(dir, 'missing.yaml')),
      run('--operation', 'InterpretHealth', '--desired-file', file('two.yaml', '---\na: 1\n---\nb: 2\n')),
      run('--check', casesRoot, '--operation', 'InterpretHealth'),
    ]);

    // Assess
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(runs.map((r) => r.stdout)).toEqual(['', '', '', '', '', '', '']);
    expect(runs[0]!.stderr).toContain('--operation is required');
    expect(runs[1]!.stderr).toContain('"Scale" is not supported');
    expect(runs[2]!.stderr).toContain('not both');
    expect(runs[3]!.stderr).toContain('needs an object');
    expect(runs[4]!.stderr).toContain('cannot read');
    expect(runs[5]!.stderr).toContain('it holds 2 documents');
    expect(runs[6]!.stderr).toContain('--check takes its inputs from the case files');
  });
});

describe('interpret --url: the request Karmada would send', () => {
  it('builds the ResourceInterpreterContext from the files, with ?timeout like Karmada, and never prints the URL path', async () => {
    // Prepare
    const fake = await fakeWebhook((body) => ({
      apiVersion: 'config.karmada.io/v1alpha1',
      kind: 'ResourceInterpreterContext',
      response: { uid: body.request!.uid, successful: true },
    }));
    servers.push(fake.server);
    const statusFile = file('items.yaml', [{ clusterName: 'member1', status: { readyReplicas: 1 }, applied: true, health: 'Healthy', extra: 'dropped' }]);

    // Act
    const { code, stdout } = await run('--operation', 'AggregateStatus', '--desired-file', desiredFile, '--status-file', statusFile, '--desired-replica', '4', '--url', fake.url);

    // Assess
    expect(code).toBe(0);
    expect(printedResults(stdout)).toEqual({ aggregatedStatus: workload });
    expect(fake.urls).toEqual(['/secret-token/interpreter?timeout=10s']);
    const request = fake.received[0]!.request!;
    expect(fake.received[0]).toMatchObject({ apiVersion: 'config.karmada.io/v1alpha1', kind: 'ResourceInterpreterContext' });
    expect(request.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(request).toEqual({
      uid: request.uid,
      kind: { group: 'workload.example.io', version: 'v1alpha1', kind: 'Workload' },
      name: 'web',
      namespace: 'shop',
      operation: 'AggregateStatus',
      object: workload,
      replicas: 4,
      aggregatedStatus: [{ clusterName: 'member1', status: { readyReplicas: 1 }, applied: true, health: 'Healthy' }],
    });
  });

  it('reports an answer Karmada would reject, an HTTP error and an unreachable host without the token', async () => {
    // Prepare
    const wrongUid = await fakeWebhook(() => ({ apiVersion: 'config.karmada.io/v1alpha1', kind: 'ResourceInterpreterContext', response: { uid: 'other', successful: true } }));
    const failing = await fakeWebhook((_, response) => response.writeHead(500).end('boom'));
    servers.push(wrongUid.server, failing.server);
    const closed = await fakeWebhook(() => ({}));
    await new Promise((resolve) => closed.server.close(resolve));

    // Act
    const runs = await Promise.all([wrongUid.url, failing.url, closed.url].map((url) => run('--operation', 'InterpretHealth', '--desired-file', desiredFile, '--url', url)));

    // Assess
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2]);
    expect(runs[0]!.stderr).toContain("response.uid is \"other\", not the request's");
    expect(runs[1]!.stderr).toContain('answered HTTP 500');
    expect(runs[2]!.stderr).toContain('cannot call the webhook at http://127.0.0.1:');
    for (const { stderr } of runs) expect(stderr).not.toContain('secret-token');
  });

  it("prints quantities as Kubernetes does (0.2 is 200m), in results and in what --check says differs", async () => {
    // Prepare: a webhook spelling its quantities otherwise than Kubernetes prints them, and a case expecting others.
    const spelled = await fakeWebhook((body) => ({
      apiVersion: 'config.karmada.io/v1alpha1',
      kind: 'ResourceInterpreterContext',
      response: { uid: body.request!.uid, successful: true, replicas: 3, replicaRequirements: { resourceRequest: { cpu: '0.2', memory: '1073741824e0', 'example.com/gpu': 2 } } },
    }));
    servers.push(spelled.server);
    const cases = file('interpretreplica-test.yaml', { name: 'quantities', operation: 'InterpretReplica', desiredObj: workload, output: { replica: 3, requires: { resourceRequest: { cpu: '250m', memory: '1Gi', 'example.com/gpu': '2' } } } });

    // Act
    const single = await run('--operation', 'InterpretReplica', '--desired-file', desiredFile, '--url', spelled.url);
    const checked = await run('--check', cases, '--url', spelled.url);

    // Assess: memory is 1Gi in another spelling, so only cpu differs.
    expect(single.code).toBe(0);
    expect(printedResults(single.stdout)).toEqual({ replica: 3, requires: { resourceRequest: { cpu: '200m', memory: '1073741824', 'example.com/gpu': '2' } } });
    expect(checked.code).toBe(1);
    expect(checked.stdout.split('\n').filter((line) => line.startsWith('      '))).toEqual(['      requires.resourceRequest.cpu: expected "250m", got "200m"']);
  });
});

describe('interpret --check', () => {
  it('passes every case of our own testdata against the local interpreters', async () => {
    // Act
    const { code, stdout } = await run('--check', casesRoot);

    // Assess
    const { passed, failed } = summaryOf(stdout);
    expect(failed).toBe(0);
    expect(passed).toBeGreaterThanOrEqual(30);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^PASS {2}workload\/testdata\/v1alpha1\/retain-test\.yaml#1 Retain: /m);
  });

  describe('against npm start', () => {
    let server: LocalServer;
    beforeAll(async () => {
      server = await startLocalServer();
    });
    afterAll(async () => {
      await server.stop();
    });

    it('passes every case over HTTP through the dispatcher route', async () => {
      // Act
      const { code, stdout } = await run('--check', casesRoot, '--url', `${server.url}/interpreter`);

      // Assess
      expect(summaryOf(stdout)).toEqual(summaryOf((await run('--check', casesRoot)).stdout));
      expect(code).toBe(0);
    });
  });

  it('says what differs when a server answers wrongly, and exits 1', async () => {
    // Prepare: our interpreters' answers, each made wrong in one place.
    const local = localWebhook();
    const wrong = await fakeWebhook(async (body) => {
      const context = (await local(body)) as ResourceInterpreterContext;
      const response = context.response!;
      if (response.replicas !== undefined) response.replicas += 1;
      if (response.healthy !== undefined) response.healthy = !response.healthy;
      if (response.dependencies !== undefined) response.dependencies = response.dependencies.slice(1);
      if (response.rawStatus !== undefined) (response.rawStatus as JsonObject).readyReplicas = 42;
      if (response.patch !== undefined) {
        const operations = JSON.parse(Buffer.from(response.patch, 'base64').toString()) as JsonObject[];
        operations.push({ op: 'add', path: '/metadata/annotations', value: { wrong: 'yes' } });
        response.patch = Buffer.from(JSON.stringify(operations)).toString('base64');
      }
      return context;
    });
    servers.push(wrong.server);

    // Act
    const { code, stdout } = await run('--check', casesRoot, '--url', wrong.url);

    // Assess
    expect(code).toBe(1);
    const { failed } = summaryOf(stdout);
    expect(failed).toBeGreaterThan(20);
    expect(stdout).toMatch(/^FAIL {2}\S+interprethealth-test\.yaml#1 InterpretHealth: .*\n {6}healthy: expected (true|false), got (false|true)$/m);
    expect(stdout).toMatch(/^ {6}replica: expected 3, got 4$/m);
    expect(stdout).toMatch(/^ {6}status\.readyReplicas: expected \d+, got 42$/m);
    expect(stdout).toMatch(/^ {6}retained\.metadata\.annotations: expected \(absent\), got \{"wrong":"yes"\}$/m);
    expect(stdout).toMatch(/^ {6}dependencies\[\d+\]: expected \{.*\}, got \(absent\)$/m);
    // Expected rejections are untouched by the wrong server: they still pass.
    expect(stdout).toMatch(/^PASS {2}\S+retain-test\.yaml#\d+ Retain: Workload: retain without observedObj$/m);
  });

  it('fails a case whose output names no result of its operation, and a file that is not YAML', async () => {
    // Prepare
    const folder = mkdtempSync(join(tmpdir(), 'interpret-check-'));
    writeFileSync(join(folder, 'interprethealth-test.yaml'), stringify({ name: 'typo', operation: 'InterpretHealth', desiredObj: workload, output: { health: true } }));
    writeFileSync(join(folder, 'broken-test.yaml'), 'name: [unclosed\n');

    // Act
    const { code, stdout } = await run('--check', folder);

    // Assess
    expect(code).toBe(1);
    expect(stdout).toContain("output key 'health' is not a result of InterpretHealth (its results: healthy)");
    expect(stdout).toMatch(/^FAIL {2}broken-test\.yaml\n {6}broken-test\.yaml is not valid YAML or JSON: .* at line \d+, column \d+$/m);
    expect(summaryOf(stdout)).toEqual({ passed: 0, failed: 2 });
  });

  it("judges a case's reason in process: a wrong one fails, an unstated one is a note", async () => {
    // Prepare
    const folder = mkdtempSync(join(tmpdir(), 'interpret-reason-'));
    const observedObj = { ...workload, status: { readyReplicas: 0 } };
    writeFileSync(join(folder, 'interprethealth-test.yaml'), [
      { name: 'right', operation: 'InterpretHealth', observedObj, output: { healthy: false }, reason: 'status.readyReplicas 0 != spec.replicas 3' },
      { name: 'wrong', operation: 'InterpretHealth', observedObj, output: { healthy: false }, reason: 'Ready=False' },
      { name: 'unstated', operation: 'InterpretHealth', observedObj, output: { healthy: false } },
    ].map((document) => stringify(document)).join('---\n'));

    // Act
    const { code, stdout } = await run('--check', folder, '--verbose');

    // Assess
    expect(code).toBe(1);
    expect(stdout).toMatch(/^FAIL {2}interprethealth-test\.yaml#2 InterpretHealth: wrong\n {6}expected reason "Ready=False", got "status\.readyReplicas 0 != spec\.replicas 3"$/m);
    expect(stdout).toMatch(/^PASS {2}interprethealth-test\.yaml#3 InterpretHealth: unstated\n {6}note: no expected reason \(the answer's: "status\.readyReplicas 0 != spec\.replicas 3"\)$/m);
    expect(summaryOf(stdout)).toEqual({ passed: 2, failed: 1 });
  });

  it('runs from the bin entry (karmada-interpret) and npm run interpret', () => {
    // Act
    const bin = spawnSync(process.execPath, ['bin/karmada-interpret.mjs', '--check', casesRoot], { encoding: 'utf8' });
    const npm = spawnSync('npm', ['run', '-s', 'interpret', '--', '--operation', 'InterpretReplica', '--desired-file', desiredFile], { encoding: 'utf8' });

    // Assess
    expect(bin.status).toBe(0);
    expect(summaryOf(bin.stdout).failed).toBe(0);
    expect(npm.status).toBe(0);
    expect(printedResults(npm.stdout)).toMatchObject({ replica: 3 });
  });
});

describe('interpret --crd: what the kind\'s API server would refuse of what the service writes', () => {
  /** The Workload's own CRD, with a status field v1alpha2 requires that the service never writes. */
  function crdRequiringObservedGeneration(): string {
    const crd = structuredClone(parse(readFileSync('lib/kinds/workload/crd.yaml', 'utf8'))) as { spec: { versions: { name: string; schema: { openAPIV3Schema: { properties: { status: JsonObject } } } }[] } };
    const v1alpha2 = crd.spec.versions.find((version) => version.name === 'v1alpha2')!;
    const status = structuredClone(v1alpha2.schema.openAPIV3Schema.properties.status) as { properties: JsonObject; required?: string[] };
    status.properties.observedGeneration = { type: 'integer', format: 'int64' };
    status.required = ['observedGeneration'];
    v1alpha2.schema.openAPIV3Schema.properties.status = status as unknown as JsonObject;
    return file('crd-requiring-observed-generation.yaml', crd);
  }
  const v1alpha2 = { ...workload, apiVersion: 'workload.example.io/v1alpha2', spec: { replicas: 3, template: workload.spec.template } };

  it('fails a case whose AggregateStatus output lacks a status field the CRD requires, naming the field', async () => {
    // Prepare
    const crd = crdRequiringObservedGeneration();
    const folder = mkdtempSync(join(tmpdir(), 'interpret-crd-'));
    // The members' statuses have the field (their API servers require it too); the aggregate leaves it out.
    const statusItems = [{ clusterName: 'member1', status: { readyReplicas: 2, observedGeneration: 1 } }, { clusterName: 'member2', status: { readyReplicas: 1, observedGeneration: 1 } }];
    writeFileSync(
      join(folder, 'aggregatestatus-test.yaml'),
      stringify({ name: 'two members', operation: 'AggregateStatus', desiredObj: v1alpha2, statusItems, output: { aggregatedStatus: { ...v1alpha2, status: { readyReplicas: 3 } } } }),
    );

    // Act
    const withCrd = await run('--check', folder, '--crd', crd);
    const without = await run('--check', folder);

    // Assess
    expect(withCrd.code).toBe(1);
    expect(withCrd.stdout).toMatch(/^FAIL {2}aggregatestatus-test\.yaml#1 AggregateStatus: two members\n {6}output refused by the CRD \(aggregatedStatus\): status\.observedGeneration: Required value\n/m);
    expect(withCrd.stdout).toMatch(/^note: CEL rules \(x-kubernetes-validations\) are not checked locally \(the admission oracle checks them\)$/m);
    expect(summaryOf(withCrd.stdout)).toEqual({ passed: 0, failed: 1 });
    expect(without.code).toBe(0);
    expect(summaryOf(without.stdout)).toEqual({ passed: 1, failed: 0 });
  });

  it("passes every Workload case under its own crd.yaml (each one's answer is what the CRD admits)", async () => {
    // Act
    const withCrd = await run('--check', 'lib/kinds/workload', '--crd', 'lib/kinds/workload/crd.yaml');
    const without = await run('--check', 'lib/kinds/workload');

    // Assess
    expect(withCrd.code).toBe(0);
    expect(summaryOf(withCrd.stdout)).toEqual(summaryOf(without.stdout));
    // The hostile cases' own objects (no pod template, wrong types): said with --verbose, counted without.
    expect(withCrd.stdout).toMatch(/^note: \d+ notes on the cases' own objects \(what the CRD would refuse or prune of them\) not shown: --verbose shows them$/m);
    expect((await run('--check', 'lib/kinds/workload', '--crd', 'lib/kinds/workload/crd.yaml', '--verbose')).stdout).toContain('      note: input refused by the CRD (desiredObj): spec.template: Required value\n');
  });

  it('judges one --operation too: the results on stdout, each refusal on stderr, exit 1', async () => {
    // Prepare
    const crd = crdRequiringObservedGeneration();
    const desired = file('desired-v1alpha2.yaml', v1alpha2);
    const statusFile = file('status-v1alpha2.yaml', [{ clusterName: 'member1', status: { readyReplicas: 2, observedGeneration: 1 } }]);

    // Act
    const { code, stdout, stderr } = await run('--operation', 'AggregateStatus', '--desired-file', desired, '--status-file', statusFile, '--crd', crd);

    // Assess
    expect(code).toBe(1);
    expect(printedResults(stdout)).toEqual({ aggregatedStatus: { ...v1alpha2, status: { readyReplicas: 2 } } });
    expect(stderr.split('\n')).toContain('interpret: output refused by the CRD (aggregatedStatus): status.observedGeneration: Required value');
  });
});

describe.skipIf(requireTool('go').missing)(`interpret --crd published: the kind's own CRD as its identity.ts names it${requireTool('go').note}`, () => {
  it("judges RayCluster's cases by KubeRay's published CRD, fetched through the Go module proxy", async () => {
    // Act
    const { code, stdout } = await run('--check', 'lib/kinds/raycluster', '--crd', 'published');

    // Assess
    expect(code).toBe(0);
    expect(summaryOf(stdout).failed).toBe(0);
    expect(summaryOf(stdout).passed).toBeGreaterThan(0);
  });

  it('stops with one line naming the nearest kind served, for an object of a kind not served', async () => {
    // Prepare
    const desired = file('clonset.yaml', { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'Clonset', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 2 } });

    // Act
    const { code, stderr } = await run('--operation', 'InterpretReplica', '--desired-file', desired, '--crd', 'published');

    // Assess
    expect(code).toBe(2);
    expect(stderr).toBe('interpret: --crd published: Clonset.apps.kruise.io is not a kind served here (did you mean CloneSet.apps.kruise.io?); give its CRD with --crd FILE\n');
  });

  it('stops with one line for a kind whose project publishes no CRD reachable here', async () => {
    // Act
    const { code, stderr } = await run('--check', 'lib/kinds/notebook', '--crd', 'published');

    // Assess
    expect(code).toBe(2);
    expect(stderr).toBe('interpret: --crd published: Notebook names no CRD a registry here serves (lib/kinds/notebook/identity.ts publishedCrd); give one with --crd FILE\n');
  });
});
