// A rolling update's partition (OpenKruise's CloneSet, Advanced StatefulSet and DaemonSet): the pods it keeps back,
// and rollout health that allows for it.
import { describe, expect, it } from 'vitest';
import { Cursor } from '../../../lib/kube/cursor';
import { FieldFailure } from '../../../lib/review/core';
import type { JsonObject } from '../../../lib/review/json';
import { partitionedRolloutHealth, partitionField, partitionReplicas, rollingUpdateStrategyOf } from '../../../lib/families/openkruise/partition';

describe('partitionReplicas', () => {
  it.each([
    ['no partition', undefined, 5, 0],
    ['a count', 2, 5, 2],
    ['a count past the replicas is clamped', 10, 3, 3],
    ['a percentage rounds up', '30%', 5, 2],
    ['one short of 100% still updates a pod', '99%', 5, 4],
    ['100% keeps every pod', '100%', 5, 5],
    ['no replicas', 2, 0, 0],
  ] as const)('%s', (_name, partition, replicas, expected) => {
    // Act + Assess
    expect(partitionReplicas(partition, replicas)).toBe(expected);
  });
});

describe('partitionedRolloutHealth', () => {
  const settled = { generationLag: undefined, total: 5, partition: 2, heldBackBy: undefined, updated: 3, available: 5 };
  const lag = 'status.observedGeneration 3 != metadata.generation 4';

  it.each([
    ['the total less the partition updated and available', settled, true, 'updatedReplicas 3 = replicas 5 - partition 2, availableReplicas 5'],
    ['fewer updated than the total less the partition', { ...settled, updated: 2 }, false, 'updatedReplicas 2 < replicas 5 - partition 2'],
    ['a percentage partition shows what it comes to', { ...settled, partition: '30%', updated: 2 }, false, 'updatedReplicas 2 < replicas 5 - partition 30% (2)'],
    ['no partition', { ...settled, partition: undefined, updated: 5 }, true, 'updatedReplicas 5 = replicas 5, availableReplicas 5'],
    ['held back: the updated count is not judged', { ...settled, heldBackBy: 'updateStrategy paused', updated: 0 }, true, 'updateStrategy paused, availableReplicas 5 >= updatedReplicas 0'],
    ['held back, an updated pod not available', { ...settled, heldBackBy: 'updateStrategy paused', updated: 4, available: 3 }, false, 'availableReplicas 3 < updatedReplicas 4'],
    ['the spec not observed', { ...settled, generationLag: lag }, false, lag],
    ['no counts and nothing to run', { ...settled, total: 0, updated: undefined, available: undefined }, true, 'updatedReplicas 0 (absent) = replicas 0, availableReplicas 0 (absent)'],
    [
      "a DaemonSet's names",
      { ...settled, partition: undefined, available: 2, names: { desired: 'desiredNumberScheduled', updated: 'updatedNumberScheduled', available: 'numberAvailable' } },
      false,
      'updatedNumberScheduled 3 < desiredNumberScheduled 5',
    ],
  ])('%s', (_name, rollout, healthy, reason) => {
    // Act + Assess
    expect(partitionedRolloutHealth(rollout)).toEqual({ healthy, reason });
  });
});

/** A cursor over `object`, named `path` in messages. */
const at = (object: JsonObject, path: string) => Cursor.root(object, path);

describe('partitionField', () => {
  it('reads a count or a percentage, and nothing when absent', () => {
    // Act + Assess
    expect(partitionField(at({ partition: 3 }, 'object.spec'))).toBe(3);
    expect(partitionField(at({ partition: '20%' }, 'object.spec'))).toBe('20%');
    expect(partitionField(at({}, 'object.spec'))).toBeUndefined();
    expect(partitionField(at({ replicas: '1%' }, 'object.spec.subsets[0]'), 'replicas')).toBe('1%');
  });

  it.each([
    ['a word', 'half', '"half"'],
    ['a fraction', 1.5, '1.5'],
    ['a list', [1], 'an array'],
  ])('refuses %s, naming the field', (_name, value, shown) => {
    // Act
    const read = () => partitionField(at({ partition: value }, 'object.spec.updateStrategy'));

    // Assess
    expect(read).toThrow(FieldFailure);
    expect(read).toThrow(`object.spec.updateStrategy.partition must be an integer or a percentage such as "20%", got ${shown}`);
  });
});

describe('rollingUpdateStrategyOf', () => {
  it('reads type, partition and paused where the Advanced workloads keep them, and names a wrong field', () => {
    // Act
    const { rolling, ...read } = rollingUpdateStrategyOf(at({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2, paused: true } } }, 'object.spec'));
    const { rolling: none, ...onDelete } = rollingUpdateStrategyOf(at({ updateStrategy: { type: 'OnDelete' } }, 'object.spec'));
    const wrong = () => rollingUpdateStrategyOf(at({ updateStrategy: { rollingUpdate: { partition: 'two' } } }, 'object.spec'));

    // Assess
    expect(read).toEqual({ onDelete: false, partition: 2, paused: true });
    expect([rolling.value, rolling.path]).toEqual([{ partition: 2, paused: true }, 'object.spec.updateStrategy.rollingUpdate']);
    expect(onDelete).toEqual({ onDelete: true });
    expect([none.present, none.path]).toEqual([false, 'object.spec.updateStrategy.rollingUpdate']);
    expect(wrong).toThrow(/object\.spec\.updateStrategy\.rollingUpdate\.partition/);
  });
});
