// Status aggregation helpers: sums, agreement, the worst member, and patches that always apply.
import { describe, expect, it } from 'vitest';
import { agreedValue, anyOf, leastOf, rankFrom, sameJson, setOrRemove, sumOf, worstMember } from '../../lib/shapes/aggregation';
import { PatchBuilder } from '../../lib/review/patch';
import { ReviewFailure } from '../../lib/review/core';

describe('sumOf', () => {
  it('adds counts, absent ones as 0, and refuses a sum past int32 naming the field', () => {
    // Act
    const sum = sumOf([{ n: 1 }, {}, { n: 2 }], (s: { n?: number }) => s.n, 'n');
    const overflow = () => sumOf([{ n: 2 ** 31 - 1 }, { n: 1 }], (s: { n?: number }) => s.n, 'n');

    // Assess
    expect(sum).toBe(3);
    expect(overflow).toThrow(new ReviewFailure(400, 'the aggregated status.n (2147483648) does not fit in an int32'));
  });
});

describe('anyOf and leastOf', () => {
  const flag = (status: { f?: boolean }) => status.f;
  const number = (status: { n?: number }) => status.n;

  it.each([
    ['one member true', [{ f: false }, { f: true }], true],
    ['every member false', [{ f: false }, {}], false],
    ['no member reports it', [{}, {}], undefined],
    ['no member', [], undefined],
  ])('anyOf: %s', (_name, statuses, expected) => {
    // Act + Assess
    expect(anyOf(statuses as { f?: boolean }[], flag)).toBe(expected);
  });

  it.each([
    ['the least reported', [{ n: 3 }, {}, { n: -1 }, { n: 2 }], -1],
    ['no member reports it', [{}], undefined],
    ['no member', [], undefined],
  ])('leastOf: %s', (_name, statuses, expected) => {
    // Act + Assess
    expect(leastOf(statuses as { n?: number }[], number)).toBe(expected);
  });
});

describe('agreedValue', () => {
  const members = (...values: (string | undefined)[]) => ({ reporting: values.map((v, i) => ({ clusterName: `m${i}`, status: { v } })), listed: values.length });
  const valueOf = (status: { v?: string }) => status.v;

  it.each([
    ['every member the same', members('a', 'a'), 'a'],
    ['one differs', members('a', 'b'), undefined],
    ['one has none', members('a', undefined), undefined],
    ['no member', members(), undefined],
    ['a listed member without a status', { ...members('a', 'a'), listed: 3 }, undefined],
  ])('%s', (_name, input, expected) => {
    // Act + Assess
    expect(agreedValue(input, valueOf)).toBe(expected);
  });

  it('compares objects by value, whatever the key order', () => {
    // Act + Assess
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
  });
});

describe('worstMember', () => {
  it('takes the worst by rank, the first among equals, passing over members without a rank', () => {
    // Prepare
    const rank = rankFrom(['Healthy', 'Progressing', 'Degraded'], 'Progressing');
    const members = [
      { clusterName: 'a', status: { phase: 'Healthy' } },
      { clusterName: 'b', status: {} as { phase?: string } },
      { clusterName: 'c', status: { phase: 'Brand-new' } },
      { clusterName: 'd', status: { phase: 'Progressing' } },
    ];

    // Act
    const worst = worstMember(members, (status) => rank(status.phase));

    // Assess
    expect(worst?.clusterName).toBe('c');
    expect(worstMember([], () => 1)).toBeUndefined();
  });
});

describe('setOrRemove', () => {
  it('adds a value under a missing status, and removes only a field that is there', () => {
    // Prepare
    const patch = new PatchBuilder({ status: { gone: 1 } });

    // Act
    setOrRemove(patch, 'kept', 'x');
    setOrRemove(patch, 'gone', undefined);
    setOrRemove(patch, 'never', undefined);

    // Assess
    expect(patch.operations).toEqual([
      { op: 'add', path: '/status/kept', value: 'x' },
      { op: 'remove', path: '/status/gone' },
    ]);
  });
});
