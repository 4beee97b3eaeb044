// Every list is read with a bound, and a condition's strings within metav1.Condition's: a longer one is a 400 naming
// it, decided before any answer repeats it.
import { describe, expect, it } from 'vitest';
import { Cursor } from '../../lib/kube/cursor';
import { readConditions } from '../../lib/shapes/conditions';

const refusal = (read: () => unknown): string => {
  try {
    read();
  } catch (error) {
    return (error as Error).message;
  }
  return 'answered';
};

describe('bounded reading', () => {
  it("refuses a condition's message past 32,768 characters, by name", () => {
    const status = Cursor.root({ conditions: [{ type: 'Ready', message: 'x'.repeat(32_769) }] }, 'object.status');
    expect(refusal(() => readConditions(status))).toBe("object.status.conditions[0].message has 32769 characters; a condition's message has at most 32768 (metav1.Condition)");
    expect(readConditions(Cursor.root({ conditions: [{ type: 'Ready', message: 'x'.repeat(32_768) }] }, 'object.status'))).toHaveLength(1);
  });

  it('reads no list without a bound: past 10,000 items is a 400 with the reason', () => {
    const spec = Cursor.root({ names: Array.from({ length: 10_001 }, () => 'a') }, 'object.spec');
    expect(refusal(() => spec.strings('names'))).toBe('object.spec.names has 10001 items; at most 10000 are accepted (far more items than any real object holds)');
    expect(refusal(() => spec.items('names'))).toMatch(/^object\.spec\.names has 10001 items/);
  });
});
