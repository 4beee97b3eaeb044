// A unified diff of two texts (`diff -u`'s format), for tools that show what regenerating a file changed: jsdiff's,
// with only the `---`/`+++` file headers (no `Index:` line), as git and patch(1) read it.
import { createTwoFilesPatch } from 'diff';

/**
 * The unified diff of `before` and `after` (`--- a/name`, `+++ b/name`, hunks with `context` lines around each
 * change), or '' when they are the same.
 */
export function unifiedDiff(before: string, after: string, name: string, context = 3): string {
  if (before === after) return '';
  return createTwoFilesPatch(`a/${name}`, `b/${name}`, before, after, undefined, undefined, {
    context,
    headerOptions: { includeIndex: false, includeUnderline: false, includeFileHeaders: true },
  });
}

/** How many lines `diff` adds and removes: a one-line summary of it. */
export function diffFigures(diff: string): { added: number; removed: number } {
  const lines = diff.split('\n').filter((line) => !line.startsWith('+++ ') && !line.startsWith('--- '));
  return { added: lines.filter((line) => line.startsWith('+')).length, removed: lines.filter((line) => line.startsWith('-')).length };
}
