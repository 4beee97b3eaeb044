// A rolling update's partition (OpenKruise's CloneSet, Advanced StatefulSet and DaemonSet): the pods it keeps back,
// and rollout health that allows for it.
import { describe, expect, it } from 'vitest';
import { FieldFailure } from '../../lib/review/core';
import { partitionedRolledOut, partitionField, partitionReplicas, rollingUpdateStrategyOf } from '../../lib/shapes/partition';

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

describe('partitionedRolledOut', () => {
  const settled = { generationObserved: true, total: 5, partition: 2, heldBack: false, updated: 3, available: 5 };

  it.each([
    ['the total less the partition updated and available', settled, true],
    ['fewer updated than the total less the partition', { ...settled, updated: 2 }, false],
    ['held back: the updated count is not judged', { ...settled, heldBack: true, updated: 0 }, true],
    ['held back, an updated pod not available', { ...settled, heldBack: true, updated: 4, available: 3 }, false],
    ['the spec not observed', { ...settled, generationObserved: false }, false],
    ['no counts and nothing to run', { ...settled, total: 0, updated: undefined, available: undefined }, true],
  ])('%s', (_name, rollout, expected) => {
    // Act + Assess
    expect(partitionedRolledOut(rollout)).toBe(expected);
  });
});

describe('partitionField', () => {
  it('reads a count or a percentage, and nothing when absent', () => {
    // Act + Assess
    expect(partitionField({ partition: 3 }, 'object.spec.partition')).toBe(3);
    expect(partitionField({ partition: '20%' }, 'object.spec.partition')).toBe('20%');
    expect(partitionField({}, 'object.spec.partition')).toBeUndefined();
    expect(partitionField({ replicas: '1%' }, 'object.spec.subsets[0].replicas', 'replicas')).toBe('1%');
  });

  it.each([
    ['a word', 'half', '"half"'],
    ['a fraction', 1.5, '1.5'],
    ['a list', [1], 'an array'],
  ])('refuses %s, naming the field', (_name, value, shown) => {
    // Act
    const read = () => partitionField({ partition: value }, 'object.spec.updateStrategy.partition');

    // Assess
    expect(read).toThrow(FieldFailure);
    expect(read).toThrow(`object.spec.updateStrategy.partition must be an integer or a percentage such as "20%", got ${shown}`);
  });
});

describe('rollingUpdateStrategyOf', () => {
  it('reads type, partition and paused where the Advanced workloads keep them, and names a wrong field', () => {
    // Act
    const read = rollingUpdateStrategyOf({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2, paused: true } } }, 'object.spec');
    const onDelete = rollingUpdateStrategyOf({ updateStrategy: { type: 'OnDelete' } }, 'object.spec');
    const wrong = () => rollingUpdateStrategyOf({ updateStrategy: { rollingUpdate: { partition: 'two' } } }, 'object.spec');

    // Assess
    expect(read).toEqual({ onDelete: false, partition: 2, paused: true, rolling: { partition: 2, paused: true }, rollingPath: 'object.spec.updateStrategy.rollingUpdate' });
    expect(onDelete).toEqual({ onDelete: true, rollingPath: 'object.spec.updateStrategy.rollingUpdate' });
    expect(wrong).toThrow(/object\.spec\.updateStrategy\.rollingUpdate\.partition/);
  });
});
