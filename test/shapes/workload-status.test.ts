// The workload status shape (counters, agreed strings, observedGeneration), through the test-only Widget.
import { describe, expect, it } from 'vitest';
import { rolloutHealth } from '../../lib/shapes/workload-status';
import { answer } from '../support/kinds/answer';
import type { JsonMap } from '../support/karmada';
import { widget, widgetRegistry } from '../support/kinds/widget/widget';

const member = (clusterName: string, status: JsonMap) => ({ clusterName, status });
const current = { generation: 3, observedGeneration: 3, resourceTemplateGeneration: 3 };

describe('workloadStatus: InterpretStatus', () => {
  it('reflects the named fields the member reports, and its generations', () => {
    // Prepare
    const object = widget({}, {
      metadata: { name: 'w', generation: 4, annotations: { 'resourcetemplate.karmada.io/generation': '7' } },
      status: { replicas: 2, readyReplicas: 1, revision: 'r1', observedGeneration: 4, collisionCount: 9 },
    });

    // Act
    const { response } = answer(widgetRegistry, { operation: 'InterpretStatus', object });

    // Assess
    expect(response.rawStatus).toEqual({ replicas: 2, readyReplicas: 1, revision: 'r1', observedGeneration: 4, generation: 4, resourceTemplateGeneration: 7 });
  });

  it('reflects only the generations for a member without a status', () => {
    // Act
    const { response } = answer(widgetRegistry, { operation: 'InterpretStatus', object: widget({}) });

    // Assess
    expect(response.rawStatus).toEqual({ generation: 3 });
  });

  it('answers 400 naming a counter of the wrong type', () => {
    // Act
    const { response } = answer(widgetRegistry, { operation: 'InterpretStatus', object: widget({}, { status: { readyReplicas: '2' } }) });

    // Assess
    expect(response.status).toEqual({ code: 400, message: 'object.status.readyReplicas must be an integer, got a string' });
  });
});

describe('workloadStatus: AggregateStatus', () => {
  it('sums counters, keeps what every member agrees on and sets observedGeneration when all observed it', () => {
    // Prepare
    const aggregatedStatus = [
      member('m1', { replicas: 2, readyReplicas: 2, revision: 'r1', spareReplicas: 1, ...current }),
      member('m2', { replicas: 3, readyReplicas: 1, revision: 'r1', ...current }),
    ];

    // Act
    const { patched } = answer(widgetRegistry, { operation: 'AggregateStatus', object: widget({}), aggregatedStatus });

    // Assess
    expect(patched.status).toEqual({ replicas: 5, readyReplicas: 3, updatedReplicas: 0, availableReplicas: 0, spareReplicas: 1, revision: 'r1', observedGeneration: 3 });
  });

  it('removes what members disagree on, and leaves observedGeneration while one lags', () => {
    // Prepare
    const object = widget({}, { status: { revision: 'old', spareReplicas: 4, observedGeneration: 2 } });
    const aggregatedStatus = [member('m1', { revision: 'r1', ...current }), member('m2', { revision: 'r2', ...current, observedGeneration: 2 })];

    // Act
    const { patched } = answer(widgetRegistry, { operation: 'AggregateStatus', object, aggregatedStatus });

    // Assess
    expect(patched.status).toEqual({ replicas: 0, readyReplicas: 0, updatedReplicas: 0, availableReplicas: 0, observedGeneration: 2 });
  });

  it('counts a member listed without a status as disagreeing and as not having observed', () => {
    // Prepare
    const aggregatedStatus = [member('m1', { revision: 'r1', ...current }), { clusterName: 'm2' }];

    // Act
    const { patched } = answer(widgetRegistry, { operation: 'AggregateStatus', object: widget({}), aggregatedStatus });

    // Assess
    expect(patched.status).toEqual({ replicas: 0, readyReplicas: 0, updatedReplicas: 0, availableReplicas: 0 });
  });

  it('with no members: zero counts, and the generation observed when the kind says so', () => {
    // Act
    const { patched } = answer(widgetRegistry, { operation: 'AggregateStatus', object: widget({}) });

    // Assess
    expect(patched.status).toEqual({ replicas: 0, readyReplicas: 0, updatedReplicas: 0, availableReplicas: 0, observedGeneration: 3 });
  });

  it('answers 400 for a sum past int32 rather than wrapping', () => {
    // Prepare
    const aggregatedStatus = [member('m1', { readyReplicas: 2_147_483_647 }), member('m2', { readyReplicas: 1 })];

    // Act
    const { response } = answer(widgetRegistry, { operation: 'AggregateStatus', object: widget({}), aggregatedStatus });

    // Assess
    expect(response.status).toEqual({ code: 400, message: 'the aggregated status.readyReplicas (2147483648) does not fit in an int32' });
  });

  it('answers 400 naming the member whose reflected generation is wrong', () => {
    // Act
    const { response } = answer(widgetRegistry, {
      operation: 'AggregateStatus',
      object: widget({}),
      aggregatedStatus: [member('m1', { resourceTemplateGeneration: -1 })],
    });

    // Assess
    expect(response.status?.message).toBe('request.aggregatedStatus[0].status.resourceTemplateGeneration must be a non-negative integer, got -1');
  });
});

describe('rolloutHealth', () => {
  it.each([
    ['every replica updated and available', { generationLag: undefined, desired: 3, updated: 3, available: 3 }, true, 'updatedReplicas 3 = replicas 3, availableReplicas 3'],
    ['more updated than desired (a surge)', { generationLag: undefined, desired: 3, updated: 4, available: 4 }, true, 'updatedReplicas 4 > replicas 3, availableReplicas 4'],
    ['the spec not observed', { generationLag: 'status.observedGeneration 1 != metadata.generation 2', desired: 3, updated: 3, available: 3 }, false, 'status.observedGeneration 1 != metadata.generation 2'],
    ['fewer updated than desired', { generationLag: undefined, desired: 3, updated: 2, available: 2 }, false, 'updatedReplicas 2 < replicas 3'],
    ['an updated replica not available', { generationLag: undefined, desired: 3, updated: 3, available: 2 }, false, 'availableReplicas 2 < updatedReplicas 3'],
    ['absent counts', { generationLag: undefined, desired: 1, updated: undefined, available: undefined }, false, 'updatedReplicas 0 (absent) < replicas 1'],
    ['replicas kept back', { generationLag: undefined, desired: 5, keptBack: { name: 'currentPartitions', count: 2 }, updated: 3, available: 3 }, true, 'updatedReplicas 3 = replicas 5 - currentPartitions 2, availableReplicas 3'],
    ['no desired count', { generationLag: undefined, desired: undefined, updated: 1, available: 1 }, true, 'no replicas, availableReplicas 1 >= updatedReplicas 1'],
    ['names of its own', { generationLag: undefined, desired: 2, updated: 2, available: 1, names: { available: 'readyReplicas' } }, false, 'readyReplicas 1 < updatedReplicas 2'],
  ])('with its reason: %s', (_name, counts, healthy, reason) => {
    // Act + Assess
    expect(rolloutHealth(counts)).toEqual({ healthy, reason });
  });

  it('is what the Widget answers for health', () => {
    // Act
    const { response } = answer(widgetRegistry, {
      operation: 'InterpretHealth',
      object: widget({ size: 2 }, { status: { observedGeneration: 3, updatedReplicas: 2, availableReplicas: 2 } }),
    });

    // Assess
    expect(response.healthy).toBe(true);
  });
});
