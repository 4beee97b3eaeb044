// The unified diff new-kind --update prints: diff -u's format, hunks with three lines of context.
import { describe, expect, it } from 'vitest';
import { diffFigures, unifiedDiff } from '../../lib/kit/unified-diff';

const lines = (count: number, from = 1) => Array.from({ length: count }, (_, index) => `line ${index + from}`);
const text = (list: readonly string[]) => `${list.join('\n')}\n`;

/** The text `diff` gives applied to `before`, read the way patch(1) applies a unified diff. */
function applied(before: string, diff: string): string {
  const source = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const result: string[] = [];
  let at = 0;
  const rows = diff.replace(/\n$/, '').split('\n').slice(2);
  for (const row of rows) {
    const hunk = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@$/.exec(row);
    if (hunk) {
      const start = Number(hunk[1]) - (hunk[2] === '0' ? 0 : 1);
      while (at < start) result.push(source[at++]!);
    } else if (row.startsWith('+')) result.push(row.slice(1));
    else {
      expect(source[at], row).toBe(row.slice(1));
      if (row.startsWith(' ')) result.push(source[at]!);
      at++;
    }
  }
  while (at < source.length) result.push(source[at++]!);
  return result.length === 0 ? '' : text(result);
}

describe('unifiedDiff', () => {
  it('is empty for the same text', () => {
    expect(unifiedDiff(text(lines(5)), text(lines(5)), 'f.ts')).toBe('');
  });

  it('shows one changed line with three lines of context', () => {
    // Prepare
    const after = lines(10);
    after[4] = 'changed';

    // Act
    const diff = unifiedDiff(text(lines(10)), text(after), 'lib/kinds/x/types.ts');

    // Assess
    expect(diff).toBe([
      '--- a/lib/kinds/x/types.ts',
      '+++ b/lib/kinds/x/types.ts',
      '@@ -2,7 +2,7 @@',
      ' line 2', ' line 3', ' line 4', '-line 5', '+changed', ' line 6', ' line 7', ' line 8',
      '',
    ].join('\n'));
    expect(diffFigures(diff)).toEqual({ added: 1, removed: 1 });
  });

  it('keeps changes far apart in hunks of their own', () => {
    // Prepare
    const after = lines(40);
    after.splice(2, 1);
    after.splice(30, 0, 'inserted');

    // Act
    const diff = unifiedDiff(text(lines(40)), text(after), 'f');

    // Assess
    expect(diff.split('\n').filter((line) => line.startsWith('@@'))).toEqual(['@@ -1,6 +1,5 @@', '@@ -29,6 +28,7 @@']);
    expect(applied(text(lines(40)), diff)).toBe(text(after));
  });

  it('shows a whole new file as added from nothing', () => {
    // Act
    const diff = unifiedDiff('', text(['a', 'b']), 'f');

    // Assess
    expect(diff).toBe('--- a/f\n+++ b/f\n@@ -0,0 +1,2 @@\n+a\n+b\n');
  });

  it('gives a diff that turns the old text into the new one, whatever the edits', () => {
    // Prepare: edits of every kind, deterministic.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      const before = Array.from({ length: next(25) }, () => `l${next(5)}`);
      const after = before.filter(() => next(5) !== 0).flatMap((line) => (next(6) === 0 ? [line, `n${next(5)}`] : [line]));
      if (next(2) === 0) after.unshift('first');

      // Act
      const diff = unifiedDiff(before.length === 0 ? '' : text(before), after.length === 0 ? '' : text(after), 'f');

      // Assess
      expect(applied(before.length === 0 ? '' : text(before), diff)).toBe(after.length === 0 ? '' : text(after));
    }
  });
});
