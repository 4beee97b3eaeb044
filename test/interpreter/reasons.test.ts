// Every answer's reason: a health answer's and a refusal's reach the call's log line and InterpretOutcome, never the
// wire (Karmada's InterpretHealth response is `healthy` only).
import { describe, expect, it, vi } from 'vitest';
import { handler as dispatcher } from '../../functions/dispatcher';
import { handler as interpretHealth } from '../../functions/interpret-health';
import { interpret, maxReasonLength } from '../../lib/interpreter/interpret';
import { createInterpreterRegistry } from '../../lib/interpreter/registry';
import { workloadInterpreter as workload } from '../../lib/kinds/workload/interpreter';
import { logger } from '../../lib/observability/call-record';
import { captureLogs } from '../support/logs';
import { httpApiEvent, loadEvent } from '../support/events';
import { interpreterContext, readyWorkload, type JsonMap } from '../support/karmada';

captureLogs();

const registry = createInterpreterRegistry([workload]);

/** A Workload asking for 3 replicas of which `ready` are ready. */
function workloadWith(ready: number): JsonMap {
  return { ...readyWorkload(3), status: { readyReplicas: ready } };
}

/** The fields of the call's one log line, whatever its level. */
function loggedLine(): JsonMap {
  const calls = [...vi.mocked(logger.info).mock.calls, ...vi.mocked(logger.warn).mock.calls, ...vi.mocked(logger.error).mock.calls];
  expect(calls).toHaveLength(1);
  return calls[0]![1] as unknown as JsonMap;
}

describe('InterpretHealth', () => {
  it('answers Karmada `healthy` alone, and logs the verdict with its reason', async () => {
    // Act
    const result = await interpretHealth(loadEvent('interpret-health'));

    // Assess
    expect(JSON.parse(result.body!)).toEqual({
      apiVersion: 'config.karmada.io/v1alpha1',
      kind: 'ResourceInterpreterContext',
      response: { uid: '0b6e8c7a-3f0e-4f3b-9d8e-2a1c5e7f9b06', successful: true, healthy: false },
    });
    expect(loggedLine()).toMatchObject({ operation: 'InterpretHealth', kind: 'workload.example.io/v1alpha1/Workload', healthy: false, reason: expect.stringMatching(/^status\.readyReplicas \d+ != spec\.replicas \d+$/) });
  });

  it('carries the reason out in the outcome, healthy answers included', () => {
    // Act
    const sick = interpret(registry, interpreterContext({ operation: 'InterpretHealth', object: workloadWith(2) }));
    const well = interpret(registry, interpreterContext({ operation: 'InterpretHealth', object: workloadWith(3) }));

    // Assess
    expect(sick).toMatchObject({ healthy: false, reason: 'status.readyReplicas 2 != spec.replicas 3' });
    expect(well).toMatchObject({ healthy: true, reason: 'status.readyReplicas 3 = spec.replicas 3' });
    expect(sick.context.response).not.toHaveProperty('reason');
  });

  it('bounds a long reason', () => {
    // Prepare
    vi.spyOn(workload.operations, 'InterpretHealth').mockReturnValue({ healthy: false, reason: `Ready=False reason=${'x'.repeat(5_000)}` });

    // Act
    const outcome = interpret(registry, interpreterContext({ operation: 'InterpretHealth', object: workloadWith(2) }));

    // Assess
    expect(outcome.reason!.length).toBeLessThanOrEqual(maxReasonLength);
    expect(outcome.reason).toMatch(/^Ready=False reason=x+…$/);
    expect(outcome.context.response).toEqual({ uid: expect.any(String), successful: true, healthy: false });
  });

  it('logs no reason where a kind (untyped JavaScript) gives none', async () => {
    // Prepare
    vi.spyOn(workload.operations, 'InterpretHealth').mockReturnValue({ healthy: true } as { healthy: boolean; reason: string });

    // Act
    await dispatcher(httpApiEvent({ body: interpreterContext({ operation: 'InterpretHealth', object: workloadWith(3) }) }));

    // Assess
    const line = loggedLine();
    expect(line.healthy).toBe(true);
    expect(line).not.toHaveProperty('reason');
  });
});

describe('other operations', () => {
  it('add nothing to the outcome or the line', async () => {
    // Act
    const outcome = interpret(registry, interpreterContext({ operation: 'InterpretReplica', object: workloadWith(3) }));
    await dispatcher(httpApiEvent({ body: interpreterContext({ operation: 'InterpretReplica', object: workloadWith(3) }) }));

    // Assess
    expect(Object.keys(outcome).sort()).toEqual(['context', 'request']);
    const line = loggedLine();
    expect(line).not.toHaveProperty('reason');
    expect(line).not.toHaveProperty('healthy');
  });
});

describe('refusals', () => {
  it('name the refused field and its cause', async () => {
    // Prepare
    const object = { ...readyWorkload(3), spec: { replicas: 'three' } };

    // Act
    const result = await dispatcher(httpApiEvent({ body: interpreterContext({ operation: 'InterpretHealth', object }) }));

    // Assess
    expect(JSON.parse(result.body!).response).toMatchObject({ successful: false, status: { code: 400 } });
    expect(loggedLine()).toMatchObject({ code: 400, reason: 'object.spec.replicas must be an integer, got a string' });
    expect(loggedLine()).not.toHaveProperty('healthy');
  });

  it('keep a message up to its advice: a kind not served', () => {
    // Act
    const outcome = interpret(registry, interpreterContext({ operation: 'InterpretHealth', object: { apiVersion: 'example.io/v1', kind: 'Nope', metadata: { name: 'n' } } }));

    // Assess
    expect(outcome.context.response?.status?.code).toBe(404);
    expect(outcome.context.response?.status?.message).toContain('; ');
    expect(outcome.reason).toBe('no interpreter for example.io/v1, Kind=Nope');
  });

  it('of the transport say what was wrong with the call', async () => {
    // Act
    await dispatcher(httpApiEvent({ rawBody: '{not json' }));

    // Assess
    expect(loggedLine()).toMatchObject({ code: 400, reason: expect.stringContaining('not valid JSON') });
  });

  it('an exception is named by its kind of fault, its details in `error`', async () => {
    // Prepare
    vi.spyOn(workload.operations, 'InterpretHealth').mockImplementation(() => {
      throw new TypeError('no such thing');
    });

    // Act
    await dispatcher(httpApiEvent({ body: interpreterContext({ operation: 'InterpretHealth', object: workloadWith(3) }) }));

    // Assess
    expect(loggedLine()).toMatchObject({ code: 500, reason: 'internal error (TypeError)', error: { message: 'no such thing' } });
  });
});
