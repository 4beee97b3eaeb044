// Volcano's Job beyond its case files: Go durations as Volcano writes them, and inputs too large to write as cases.
import { describe, expect, it } from 'vitest';
import { createInterpreterRegistry } from '../../../lib/interpreter/registry';
import { durationSeconds } from '../../../lib/kinds/volcano-job/duration';
import { volcanoJobInterpreter } from '../../../lib/kinds/volcano-job/interpreter';
import type { JsonObject } from '../../../lib/review/json';
import { answer } from '../../support/kinds/answer';

const registry = createInterpreterRegistry([volcanoJobInterpreter]);
const job = (spec: JsonObject): JsonObject => ({ apiVersion: 'batch.volcano.sh/v1alpha1', kind: 'Job', metadata: { name: 'train', namespace: 'ml' }, spec });

describe('durationSeconds: Go time.ParseDuration', () => {
  it('reads what metav1.Duration writes, in every unit', () => {
    // Prepare
    const written = ['35.688396584s', '2m30s', '1h2m3.5s', '500ms', '1.5µs', '1.5μs', '7us', '12ns', '0s', '0', '+1m', '-1m', '1.s', '.5s'];

    // Act
    const nanoseconds = written.map((text) => Math.round(durationSeconds(text)! * 1e9));

    // Assess
    expect(nanoseconds).toEqual([35_688_396_584, 150e9, 3_723.5e9, 500e6, 1_500, 1_500, 7_000, 12, 0, 0, 60e9, -60e9, 1e9, 0.5e9]);
  });

  it('refuses what time.ParseDuration refuses', () => {
    // Prepare
    const refused = ['', '-', 's', '.s', '1', '1x', '1h1', 'ten minutes', '2562048h', ' 1s', '1s '];

    // Act
    const read = refused.map(durationSeconds);

    // Assess
    expect(read).toEqual(refused.map(() => undefined));
  });

  it('reads a long duration string in one pass', () => {
    // Prepare: 100,000 components of one nanosecond
    const text = '1ns'.repeat(100_000);

    // Act
    const seconds = durationSeconds(text);

    // Assess
    expect(seconds).toBeCloseTo(1e-4, 10);
  });
});

describe('Volcano Job: InterpretComponent at the limits', () => {
  it('answers 10,000 tasks, one component each', () => {
    // Prepare
    const tasks = Array.from({ length: 10_000 }, (_, index) => ({ name: `t${index}`, minAvailable: 1 }));

    // Act
    const { response } = answer(registry, { operation: 'InterpretComponent', object: job({ tasks }) });

    // Assess
    expect(response.components).toHaveLength(10_000);
    expect(response.components?.[9_999]).toEqual({ name: 't9999', replicas: 1 });
  });

  it('refuses more tasks than any Job holds before reading them', () => {
    // Prepare
    const tasks = Array.from({ length: 10_001 }, () => 'not even an object');

    // Act
    const { response } = answer(registry, { operation: 'InterpretComponent', object: job({ tasks }) });

    // Assess
    expect(response.successful).toBe(false);
    expect(response.status).toMatchObject({ code: 400 });
    expect(response.status?.message).toContain('object.spec.tasks has 10001 items');
  });

  it('names the task a duplicate default name comes from', () => {
    // Prepare: the second task has no name and is called task-1, which the first already is
    const tasks: JsonObject[] = [{ name: 'task-1' }, {}];

    // Act
    const { response } = answer(registry, { operation: 'InterpretComponent', object: job({ tasks }) });

    // Assess
    expect(response.status).toMatchObject({ code: 400 });
    expect(response.status?.message).toContain('object.spec.tasks[1].name gives the component name "task-1" that object.spec.tasks[0].name gives too');
  });
});

describe('Volcano Job: AggregateStatus at the limits', () => {
  it('aggregates 200,000 members (more than a spread of arguments could hold)', () => {
    // Prepare
    const aggregatedStatus = Array.from({ length: 200_000 }, (_, index) => ({
      clusterName: `member${index}`,
      applied: true,
      status: { state: { phase: 'Running' }, running: 1, version: index % 7 },
    }));

    // Act
    const { response, patched } = answer(registry, { operation: 'AggregateStatus', object: job({}), aggregatedStatus });

    // Assess
    expect(response.successful).toBe(true);
    expect(patched.status).toEqual({ state: { phase: 'Running' }, running: 200_000, version: 6 });
  });
});
