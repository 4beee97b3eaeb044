// Bad input never crashes and always gets a well-formed answer with a code and a message an operator can act on.
import { describe, expect, it, vi } from 'vitest';
import { handler as dispatcher } from '../functions/dispatcher';
import { handler as interpretReplica } from '../functions/interpret-replica';
import { interpret } from '../lib/interpreter/interpret';
import { createInterpreterRegistry } from '../lib/interpreter/registry';
import { logger } from '../lib/observability/call-record';
import { maxBodyBytes, reviewHandler } from '../lib/transport/http-api';
import { errored } from '../lib/interpreter/wire/responses';
import type { ResourceInterpreterContext } from '../lib/interpreter/wire/types';
import { captureLogs } from './support/logs';
import { httpApiEvent, type EventOptions } from './support/events';
import { interpreterContext, type JsonMap } from './support/karmada';

captureLogs();

const workload: JsonMap = {
  apiVersion: 'workload.example.io/v1alpha1',
  kind: 'Workload',
  metadata: { name: 'nginx', namespace: 'default' },
  spec: { replicas: 3 },
};

function validBody(operation = 'InterpretReplica', uid = 'uid-1'): JsonMap {
  return interpreterContext({ operation, object: workload, uid });
}

function withRequest(change: (request: JsonMap) => void, operation = 'InterpretReplica'): JsonMap {
  const body = structuredClone(validBody(operation));
  change(body.request as JsonMap);
  return body;
}

async function call(options: EventOptions, handler = dispatcher) {
  const result = await handler(httpApiEvent(options));
  const context = JSON.parse(result.body!) as ResourceInterpreterContext;
  return { result, context, response: context.response! };
}

describe('transport', () => {
  it('accepts Content-Type parameters such as charset', async () => {
    const { response } = await call({ body: validBody(), headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(response.successful).toBe(true);
  });

  it('accepts a base64-encoded body', async () => {
    const { response } = await call({ body: validBody(), base64: true });
    expect(response).toMatchObject({ uid: 'uid-1', successful: true, replicas: 3 });
  });

  it.each([
    ['an empty body', { rawBody: '' }, '', 'body is empty'],
    ['no body at all', {}, '', 'body is empty'],
    ['a body that is not JSON', { rawBody: '{"request": ' }, '', 'not valid JSON'],
    ['text/plain', { body: validBody(), headers: { 'content-type': 'text/plain' } }, 'uid-1', 'Content-Type "text/plain"'],
    ['no Content-Type', { body: validBody(), headers: { 'content-type': undefined as unknown as string } }, 'uid-1', 'no Content-Type'],
  ])('rejects %s with 400', async (_what, options, uid, message) => {
    const { result, response } = await call(options as EventOptions);
    expect(result.statusCode).toBe(200);
    expect(response).toMatchObject({ uid, successful: false, status: { code: 400 } });
    expect(response.status?.message).toContain(message);
  });

  it('answers HTTP 413 with a JSON body past Lambda payload limit', async () => {
    const { result, response } = await call({ rawBody: `{"pad":"${'x'.repeat(maxBodyBytes)}"}` });
    expect(result.statusCode).toBe(413);
    expect(response).toMatchObject({ successful: false, status: { code: 413 } });
  });

  it('turns an exception escaping a review into code 500 without its details', async () => {
    const handler = reviewHandler({
      uidOf: () => 'uid-9',
      failure: errored,
      serve: () => {
        throw new Error('secret internal detail at /var/task/index.mjs:1:2');
      },
    });
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const result = await handler(httpApiEvent({ body: {} }));
    const response = (JSON.parse(result.body!) as ResourceInterpreterContext).response!;
    expect(result.statusCode).toBe(200);
    expect(response).toMatchObject({ uid: 'uid-9', successful: false, status: { code: 500 } });
    expect(response.status?.message).not.toContain('secret');
    expect(response.status?.message).not.toContain('/var/task');
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});

describe('envelope and fields', () => {
  it.each<[string, JsonMap | unknown, string, string]>([
    ['a JSON array', [], '', 'must be a JSON object'],
    ['no request', { apiVersion: 'config.karmada.io/v1alpha1', kind: 'ResourceInterpreterContext' }, '', 'has no request'],
    ['a null request', { request: null }, '', 'has no request'],
    ['a wrong apiVersion', { ...validBody(), apiVersion: 'config.karmada.io/v2' }, 'uid-1', 'apiVersion "config.karmada.io/v2" is not supported'],
    ['no uid', withRequest((r) => delete r.uid), '', 'request.uid is required'],
    ['a numeric uid', withRequest((r) => (r.uid = 42)), '', 'request.uid must be a string'],
    ['an empty uid', withRequest((r) => (r.uid = '')), '', 'request.uid must not be empty'],
    ['no operation', withRequest((r) => delete r.operation), 'uid-1', 'request.operation is required'],
    ['an unknown operation', withRequest((r) => (r.operation = 'InterpretEverything')), 'uid-1', 'expected one of InterpretReplica'],
    ['a lower-case operation', withRequest((r) => (r.operation = 'interpretReplica')), 'uid-1', 'is not an interpreter operation'],
    ['Prune', withRequest((r) => (r.operation = 'Prune')), 'uid-1', 'Prune'],
    ['no kind', withRequest((r) => delete r.kind), 'uid-1', 'request.kind is required'],
    ['a string kind', withRequest((r) => (r.kind = 'Workload')), 'uid-1', 'request.kind must be an object'],
    ['a kind without version', withRequest((r) => (r.kind = { group: 'workload.example.io', kind: 'Workload' })), 'uid-1', 'request.kind.version is required'],
    ['no object', withRequest((r) => delete r.object), 'uid-1', 'request.object is required'],
    ['a null object', withRequest((r) => (r.object = null)), 'uid-1', 'request.object is required'],
    ['an array object', withRequest((r) => (r.object = [])), 'uid-1', 'request.object must be a Kubernetes object'],
    ['an object of another kind', withRequest((r) => ((r.object as JsonMap).kind = 'Deployment')), 'uid-1', 'request.object.kind is "Deployment"'],
    ['an object of another version', withRequest((r) => ((r.object as JsonMap).apiVersion = 'workload.example.io/v1')), 'uid-1', 'request.object.apiVersion'],
    ['a string metadata', withRequest((r) => ((r.object as JsonMap).metadata = 'x')), 'uid-1', 'request.object.metadata must be an object'],
    ['replicas as a string', withRequest((r) => (r.replicas = '3')), 'uid-1', 'request.replicas must be an integer'],
    ['fractional replicas', withRequest((r) => (r.replicas = 2.5)), 'uid-1', 'request.replicas must be an integer'],
    ['negative replicas', withRequest((r) => (r.replicas = -1), 'ReviseReplica'), 'uid-1', 'request.replicas must not be negative'],
    ['replicas past int32', withRequest((r) => (r.replicas = 2 ** 31), 'ReviseReplica'), 'uid-1', 'int32'],
    ['ReviseReplica without replicas', withRequest((r) => delete r.replicas, 'ReviseReplica'), 'uid-1', 'request.replicas is required for ReviseReplica'],
    ['a numeric namespace', withRequest((r) => (r.namespace = 5)), 'uid-1', 'request.namespace must be a string'],
    ['aggregatedStatus as an object', withRequest((r) => (r.aggregatedStatus = {}), 'AggregateStatus'), 'uid-1', 'request.aggregatedStatus must be an array'],
    ['a clusterName that is not a string', withRequest((r) => (r.aggregatedStatus = [{ clusterName: 3, status: {} }]), 'AggregateStatus'), 'uid-1', 'aggregatedStatus[0].clusterName must be a string'],
    ['an unknown health', withRequest((r) => (r.aggregatedStatus = [{ clusterName: 'm1', health: 'Great' }]), 'AggregateStatus'), 'uid-1', 'health must be Healthy, Unhealthy or Unknown'],
    ['applied as a string', withRequest((r) => (r.aggregatedStatus = [{ clusterName: 'm1', applied: 'yes' }]), 'AggregateStatus'), 'uid-1', 'applied must be a boolean'],
    ['a status that is a number', withRequest((r) => (r.aggregatedStatus = [{ clusterName: 'm1', status: 3 }]), 'AggregateStatus'), 'uid-1', 'aggregatedStatus[0].status must be an object'],
    ['a spec that is a list', withRequest((r) => ((r.object as JsonMap).spec = [1])), 'uid-1', 'object.spec must be an object'],
    ['a status.readyReplicas that is negative', withRequest((r) => ((r.object as JsonMap).status = { readyReplicas: -2 }), 'InterpretHealth'), 'uid-1', 'object.status.readyReplicas must not be negative'],
    ['containers that are not a list', withRequest((r) => ((r.object as JsonMap).spec = { template: { spec: { containers: {} } } })), 'uid-1', 'object.spec.template.spec.containers must be an array'],
    ['a negative cpu request', withRequest((r) => ((r.object as JsonMap).spec = { template: { spec: { containers: [{ name: 'a', resources: { requests: { cpu: '-1' } } }] } } })), 'uid-1', 'must not be negative'],
    ['observedObject of another kind', withRequest((r) => (r.observedObject = { ...workload, kind: 'Deployment' }), 'Retain'), 'uid-1', 'request.observedObject.kind'],
    ['an observed paused that is a string', withRequest((r) => (r.observedObject = { ...workload, spec: { paused: 'yes' } }), 'Retain'), 'uid-1', 'observedObject.spec.paused must be a boolean'],
  ])('rejects %s with 400', async (_what, body, uid, message) => {
    const { result, response } = await call({ body });
    expect(result.statusCode).toBe(200);
    expect(response).toEqual({ uid, successful: false, status: { code: 400, message: expect.stringContaining(message) } });
  });

  it('rejects a field nested 10 000 levels deep with 400, not a stack overflow', async () => {
    const text = JSON.stringify(validBody()).replace('"operation":"InterpretReplica"', `"operation":${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    const { response } = await call({ rawBody: text });
    expect(response).toEqual({ uid: 'uid-1', successful: false, status: { code: 400, message: expect.stringContaining('request.operation an array') } });
  });

  // Found by the transport property test: a kind's reader (an error message quoting the value, the empty-value filter)
  // or the patch encoding recursing into a value 5 000 levels deep overflowed the stack and answered 500.
  it.each([
    ['Kustomization InterpretHealth, a deep status.observedGeneration', 'kustomize.toolkit.fluxcd.io/v1', 'Kustomization', 'InterpretHealth', ['status', 'observedGeneration'], 'object.status.observedGeneration must be an integer, got an object'],
    ['ClusterPolicy InterpretStatus, a deep status.autogen', 'kyverno.io/v1', 'ClusterPolicy', 'InterpretStatus', ['status', 'autogen'], 'nests JSON too deeply'],
    ['Workflow Retain, a deep status', 'argoproj.io/v1alpha1', 'Workflow', 'Retain', ['status', 'nodes'], 'nests JSON too deeply'],
  ])('answers %s with 400, not 500', async (_what, apiVersion, kind, operation, path, message) => {
    // Written as text: JSON.stringify of the value would overflow here too.
    const deep = `${'{"a":'.repeat(5_000)}{}${'}'.repeat(5_000)}`;
    const object: JsonMap = { apiVersion, kind, metadata: { name: 'deep', namespace: 'default', generation: 1 }, spec: {} };
    let holder = object;
    for (const segment of path.slice(0, -1)) holder = (holder[segment] = {}) as JsonMap;
    holder[path[path.length - 1]!] = 'DEEP';
    const [group, version] = apiVersion.split('/') as [string, string];
    const body = { apiVersion: 'config.karmada.io/v1alpha1', kind: 'ResourceInterpreterContext', request: { uid: 'uid-deep', kind: { group, version, kind }, name: 'deep', namespace: 'default', operation, object, ...(operation === 'Retain' ? { observedObject: object } : {}) } };
    const { response } = await call({ rawBody: JSON.stringify(body).replaceAll('"DEEP"', deep) });
    expect(response).toEqual({ uid: 'uid-deep', successful: false, status: { code: 400, message: expect.stringContaining(message) } });
  });

  it('answers status items without clusterName or with an empty one, as Karmada\'s own engine does', async () => {
    // Prepare
    const items: JsonMap[] = [{ status: { readyReplicas: 2 } }, { clusterName: '', status: { readyReplicas: 1 } }, { clusterName: 'm1', status: { readyReplicas: 4 } }];

    // Act
    const { response } = await call({ body: withRequest((r) => (r.aggregatedStatus = items), 'AggregateStatus') });

    // Assess
    expect(response).toMatchObject({ uid: 'uid-1', successful: true, patchType: 'JSONPatch' });
  });

  it('bounds the request values it quotes in messages', async () => {
    const { response } = await call({ body: withRequest((r) => (r.operation = 'X'.repeat(1_000_000))) });
    expect(response.status?.code).toBe(400);
    expect(response.status!.message.length).toBeLessThan(1_000);
  });

  it('rejects a request whose operation is not the route operation', async () => {
    const { response } = await call({ body: validBody('InterpretHealth'), routePath: '/interpreter/interpret-replica' }, interpretReplica);
    expect(response.status).toEqual({ code: 400, message: expect.stringContaining('this URL serves InterpretReplica') });
  });

  it('answers an unsupported kind with 404 naming it and the supported kinds', async () => {
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' } };
    const { response } = await call({ body: interpreterContext({ operation: 'InterpretReplica', object: deployment, uid: 'uid-2' }) });
    expect(response).toMatchObject({ uid: 'uid-2', successful: false, status: { code: 404 } });
    expect(response.status?.message).toContain('apps/v1, Kind=Deployment');
    // The groups served, whole (a list of every version of every kind would be cut at the message bound).
    expect(response.status?.message).toMatch(/this service interprets \d+ kinds in the groups .*\bworkload\.example\.io\b.*\(`npm run kinds` and the README list them\)$/);
  });

  it('answers an unsupported version of a known kind with 404', async () => {
    const v2 = { ...workload, apiVersion: 'workload.example.io/v2' };
    const { response } = await call({ body: interpreterContext({ operation: 'InterpretHealth', object: v2, uid: 'uid-3' }) });
    expect(response.status?.code).toBe(404);
    expect(response.status?.message).toContain('workload.example.io/v2, Kind=Workload');
    expect(response.status?.message).toContain('Workload of group workload.example.io is served at v1alpha1, v1alpha2');
  });

  it('answers an unknown kind of a served group with 404 naming the group\'s kinds', async () => {
    const other = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'ImagePullJob', metadata: { name: 'p' } };
    const { response } = await call({ body: interpreterContext({ operation: 'InterpretHealth', object: other, uid: 'uid-5' }) });
    expect(response.status?.code).toBe(404);
    expect(response.status?.message).toContain('group apps.kruise.io is served for ');
    expect(response.status?.message).toContain('CloneSet (v1alpha1, v1beta1)');
  });

  it('answers a core kind (empty group) with 404 too', async () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } };
    const { response } = await call({ body: interpreterContext({ operation: 'InterpretHealth', object: pod, uid: 'uid-4' }) });
    expect(response.status?.code).toBe(404);
    expect(response.status?.message).toContain('v1, Kind=Pod');
  });

  it('answers an operation the kind does not implement with 404', async () => {
    const registry = createInterpreterRegistry([{ group: 'g.io', versions: ['v1'], kind: 'Thing', plural: 'things', storageVersion: 'v1', home: 'test', ownCrd: true, operations: { InterpretHealth: () => ({ healthy: true, reason: 'always' }) } }]);
    const object = { apiVersion: 'g.io/v1', kind: 'Thing', metadata: { name: 't' } };
    const { context } = interpret(registry, interpreterContext({ operation: 'InterpretReplica', object, uid: 'u' }));
    expect(context.response).toEqual({ uid: 'u', successful: false, status: { code: 404, message: expect.stringContaining('does not implement InterpretReplica') } });
  });

  it('answers an interpreter exception with 500 and a generic message', async () => {
    const registry = createInterpreterRegistry([{
      group: 'g.io', versions: ['v1'], kind: 'Thing', plural: 'things', storageVersion: 'v1', home: 'test', ownCrd: true,
      operations: { InterpretHealth: () => { throw new TypeError("Cannot read properties of undefined (reading 'x')"); } },
    }]);
    const object = { apiVersion: 'g.io/v1', kind: 'Thing', metadata: { name: 't', namespace: 'ns' } };
    const { context, failure } = interpret(registry, interpreterContext({ operation: 'InterpretHealth', object, uid: 'u' }));
    expect(context.response).toMatchObject({ uid: 'u', successful: false, status: { code: 500 } });
    expect(context.response?.status?.message).toContain('InterpretHealth of Thing ns/t');
    expect(context.response?.status?.message).not.toContain('Cannot read');
    expect(failure).toBeInstanceOf(TypeError);
  });

  it('does not crash on prototype-pollution keys and leaves Object.prototype alone', async () => {
    const body = JSON.parse(JSON.stringify(validBody('Retain')).replace('"request":{', '"request":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},'));
    (body.request as JsonMap).observedObject = JSON.parse('{"apiVersion":"workload.example.io/v1alpha1","kind":"Workload","spec":{"__proto__":{"paused":true}}}');
    const { response } = await call({ body });
    expect(response.successful).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(response.patch).toBeUndefined();
  });
});

describe('the call log', () => {
  it('writes one structured line per call with uid, operation, kind and outcome, and never the object', async () => {
    const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    await call({ body: withRequest((r) => ((r.object as JsonMap).spec = { replicas: 3, template: { spec: { containers: [{ name: 'c', env: [{ name: 'PASSWORD', value: 'hunter2' }] }] } } })) });
    expect(info).toHaveBeenCalledOnce();
    const [message, fields] = info.mock.calls[0] as [string, Record<string, unknown>];
    expect(message).toBe('interpreter call');
    expect(fields).toMatchObject({
      route: 'POST /interpreter',
      uid: 'uid-1',
      operation: 'InterpretReplica',
      kind: 'workload.example.io/v1alpha1/Workload',
      namespace: 'default',
      name: 'nginx',
      successful: true,
      code: 200,
      httpStatus: 200,
    });
    expect(typeof fields.durationMs).toBe('number');
    expect(JSON.stringify(fields)).not.toContain('hunter2');
    info.mockRestore();
  });

  it('logs a rejection as a warning with its code and message', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    await call({ body: withRequest((r) => (r.operation = 'Prune')) });
    const [, fields] = warn.mock.calls[0] as [string, Record<string, unknown>];
    expect(fields).toMatchObject({ uid: 'uid-1', successful: false, code: 400, statusMessage: expect.stringContaining('Prune') });
    warn.mockRestore();
  });
});
