// OpenKruise's partition: pods kept on old revisions from a count or a percentage, and the IntOrString reader.
import { describe, expect, it } from 'vitest';
import { FieldFailure } from '../../lib/review/core';
import { partitionField, partitionReplicas } from '../../lib/shapes/partition';

describe('partitionReplicas', () => {
  it.each([
    ['no partition keeps none', undefined, 5, 0],
    ['a count', 2, 5, 2],
    ['a count past the pods keeps them all', 9, 5, 5],
    ['a negative count keeps none', -3, 5, 0],
    ['a percentage rounds up', '50%', 5, 3],
    ['one short of 100% still updates a pod', '99%', 5, 4],
    ['100% keeps every pod', '100%', 5, 5],
    ['a percentage of one pod', '99%', 1, 1],
    ['no pods', '50%', 0, 0],
  ])('%s', (_name, partition, replicas, expected) => {
    // Act + Assess
    expect(partitionReplicas(partition, replicas)).toBe(expected);
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
