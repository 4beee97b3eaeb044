// Every function's handler against its API Gateway event fixtures: the valid call and its invalid variant.
import { describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { handler as aggregateStatus } from '../../functions/aggregate-status';
import { handler as dispatcher } from '../../functions/dispatcher';
import { handler as interpretComponent } from '../../functions/interpret-component';
import { handler as interpretDependency } from '../../functions/interpret-dependency';
import { handler as interpretHealth } from '../../functions/interpret-health';
import { handler as interpretReplica } from '../../functions/interpret-replica';
import { handler as interpretStatus } from '../../functions/interpret-status';
import { handler as retain } from '../../functions/retain';
import { handler as reviseReplica } from '../../functions/revise-replica';
import { logger } from '../../lib/observability/call-record';
import type { ResourceInterpreterContext } from '../../lib/interpreter/wire/types';
import { loadEvent } from '../support/events';

function contextOf(result: APIGatewayProxyStructuredResultV2): ResourceInterpreterContext {
  expect(result.statusCode).toBe(200);
  expect(result.headers?.['content-type']).toBe('application/json');
  const context = JSON.parse(result.body!) as ResourceInterpreterContext;
  expect(context.apiVersion).toBe('config.karmada.io/v1alpha1');
  expect(context.kind).toBe('ResourceInterpreterContext');
  return context;
}

function patchOf(context: ResourceInterpreterContext): unknown {
  expect(context.response?.patchType).toBe('JSONPatch');
  return JSON.parse(Buffer.from(context.response!.patch!, 'base64').toString('utf8'));
}

const uid = (n: number) => `0b6e8c7a-3f0e-4f3b-9d8e-2a1c5e7f9b${String(n).padStart(2, '0')}`;

describe('valid fixtures', () => {
  it('interpret-replica answers replicas and requirements', async () => {
    const { response } = contextOf(await interpretReplica(loadEvent('interpret-replica')));
    expect(response).toEqual({
      uid: uid(0),
      successful: true,
      replicas: 3,
      replicaRequirements: { resourceRequest: { cpu: '100m', memory: '128Mi' } },
    });
  });

  it('interpret-component answers one component named main (base64 body)', async () => {
    const { response } = contextOf(await interpretComponent(loadEvent('interpret-component')));
    expect(response?.components).toEqual([
      { name: 'main', replicas: 3, replicaRequirements: { resourceRequest: { cpu: '100m', memory: '128Mi' } } },
    ]);
    expect(response?.uid).toBe(uid(1));
  });

  it('revise-replica adds /spec/replicas', async () => {
    const context = contextOf(await reviseReplica(loadEvent('revise-replica')));
    expect(context.response?.successful).toBe(true);
    expect(patchOf(context)).toEqual([{ op: 'add', path: '/spec/replicas', value: 2 }]);
  });

  it('retain keeps the member cluster paused', async () => {
    const context = contextOf(await retain(loadEvent('retain')));
    expect(patchOf(context)).toEqual([{ op: 'add', path: '/spec/paused', value: true }]);
  });

  it('aggregate-status sums readyReplicas', async () => {
    const context = contextOf(await aggregateStatus(loadEvent('aggregate-status')));
    expect(patchOf(context)).toEqual([{ op: 'add', path: '/status/readyReplicas', value: 3 }]);
  });

  it('interpret-status reflects readyReplicas', async () => {
    const { response } = contextOf(await interpretStatus(loadEvent('interpret-status')));
    expect(response?.rawStatus).toEqual({ readyReplicas: 2 });
  });

  it('interpret-health compares ready with desired replicas', async () => {
    const { response } = contextOf(await interpretHealth(loadEvent('interpret-health')));
    expect(response).toEqual({ uid: uid(6), successful: true, healthy: false });
  });

  it('interpret-dependency lists the referenced ConfigMap', async () => {
    const { response } = contextOf(await interpretDependency(loadEvent('interpret-dependency')));
    expect(response?.dependencies).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'nginx-config' }]);
  });

  it('dispatcher serves any operation behind a token segment', async () => {
    const { response } = contextOf(await dispatcher(loadEvent('dispatcher')));
    expect(response?.successful).toBe(true);
    expect(response?.replicas).toBe(3);
    expect(response?.uid).toBe(uid(8));
  });

  it('dispatcher answers GET /healthz', async () => {
    const result = await dispatcher(loadEvent('healthz'));
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body!)).toEqual({ status: 'ok' });
  });
});

describe('invalid fixtures', () => {
  const cases = [
    { name: 'interpret-replica-invalid', handler: interpretReplica, uid: '', message: 'not valid JSON' },
    { name: 'interpret-component-invalid', handler: interpretComponent, uid: uid(1), message: 'Content-Type "text/plain"' },
    { name: 'revise-replica-invalid', handler: reviseReplica, uid: uid(2), message: 'request.replicas must not be negative' },
    { name: 'retain-invalid', handler: retain, uid: uid(3), message: 'request.observedObject is required for Retain' },
    { name: 'aggregate-status-invalid', handler: aggregateStatus, uid: uid(4), message: 'request.aggregatedStatus must be an array' },
    { name: 'interpret-status-invalid', handler: interpretStatus, uid: uid(5), message: 'request.object is required' },
    { name: 'interpret-health-invalid', handler: interpretHealth, uid: '', message: 'request.uid is required' },
    { name: 'interpret-dependency-invalid', handler: interpretDependency, uid: uid(6), message: 'this URL serves InterpretDependency' },
    { name: 'dispatcher-invalid', handler: dispatcher, uid: uid(8), message: 'Prune' },
  ];
  for (const { name, handler, uid: expectedUid, message } of cases) {
    it(`${name} gets code 400 and says why`, async () => {
      const { response } = contextOf(await handler(loadEvent(name)));
      expect(response?.successful).toBe(false);
      expect(response?.uid).toBe(expectedUid);
      expect(response?.status?.code).toBe(400);
      expect(response?.status?.message).toContain(message);
    });
  }
});

describe('Lambda context', () => {
  it('reaches the call log (request id, function name, cold start) through the dispatcher and operation handlers', async () => {
    const addContext = vi.spyOn(logger, 'addContext');
    const context = { awsRequestId: 'c0ffee', functionName: 'karmada-interpreter-prod-dispatcher' } as Context;
    await dispatcher(loadEvent('dispatcher'), context);
    await retain(loadEvent('retain'), context);
    expect(addContext).toHaveBeenCalledTimes(2);
    expect(addContext).toHaveBeenCalledWith(context);
    addContext.mockRestore();
  });
});
