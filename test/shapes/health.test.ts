// Health reasons' formatters: a count on its own and a string field that decided an answer.
import { describe, expect, it } from 'vitest';
import { countShown, valueReason } from '../../lib/shapes/health';

describe('countShown', () => {
  it('shows a count, and an absent one as the 0 it counts as', () => {
    // Act + Assess
    expect(countShown('matchedPods', 3)).toBe('matchedPods 3');
    expect(countShown('desired', undefined)).toBe('desired 0 (absent)');
  });
});

describe('valueReason', () => {
  it.each([
    ['a plain value', 'phase', 'Failed', 'phase=Failed'],
    ['a spaced value, quoted', 'phase', 'Failing over', 'phase="Failing over"'],
    ['an empty value, quoted', 'phase', '', 'phase=""'],
    ['no value', 'phase', undefined, 'no phase'],
    ['a long value, cut', 'state', 'X'.repeat(100), `state=${'X'.repeat(80)}…`],
  ])('%s', (_name, field, value, reason) => {
    // Act + Assess
    expect(valueReason(field, value)).toBe(reason);
  });
});
