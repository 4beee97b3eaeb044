// A unified diff of two texts, line by line (`diff -u`'s format), for tools that show what regenerating a file
// changed. Myers' O((N+M)·D) algorithm on what lies between the common first and last lines: a newer CRD changes a
// few fields of a generated file of thousands of lines, so D stays small and no diff program is needed.

type Op = { kind: ' ' | '-' | '+'; line: string };

/** The edit script from `a` to `b` (Myers), every line of both once, in order. */
function editScript(a: readonly string[], b: readonly string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const from = a.slice(start, endA);
  const to = b.slice(start, endB);
  const middle = myers(from, to);
  return [
    ...a.slice(0, start).map((line) => ({ kind: ' ' as const, line })),
    ...middle,
    ...a.slice(endA).map((line) => ({ kind: ' ' as const, line })),
  ];
}

function myers(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // Before step d, the furthest x on each diagonal k in [-d, d]: what backtracking reads.
  const trace: Int32Array[] = [];
  let done = max === 0;
  for (let d = 0; d <= max && !done; d++) {
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        done = true;
        break;
      }
    }
  }
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const before = trace[d]!;
    const at = (k: number) => before[k + d]!;
    const k = x - y;
    const previousK = d === 0 ? 0 : k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const previousX = d === 0 ? 0 : at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      x--;
      y--;
      ops.push({ kind: ' ', line: a[x]! });
    }
    if (d === 0) break;
    if (x === previousX) ops.push({ kind: '+', line: b[previousY]! });
    else ops.push({ kind: '-', line: a[previousX]! });
    x = previousX;
    y = previousY;
  }
  return ops.reverse();
}

/** `start,count` of a hunk's side; an empty side names the line before it, as diff does. */
function range(start: number, count: number): string {
  return count === 1 ? `${start + 1}` : `${count === 0 ? start : start + 1},${count}`;
}

/**
 * The unified diff of `before` and `after` (`--- a/name`, `+++ b/name`, hunks with `context` lines around each
 * change), or '' when they are the same.
 */
export function unifiedDiff(before: string, after: string, name: string, context = 3): string {
  if (before === after) return '';
  const lines = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
  const ops = editScript(lines(before), lines(after));
  const changed = ops.flatMap((op, index) => (op.kind === ' ' ? [] : [index]));
  if (changed.length === 0) return '';
  // Changes closer than twice the context share a hunk.
  const groups: [number, number][] = [];
  for (const index of changed) {
    const last = groups.at(-1);
    if (last !== undefined && index - last[1] <= 2 * context + 1) last[1] = index;
    else groups.push([index, index]);
  }
  // Where each op starts on each side.
  const oldAt: number[] = [];
  const newAt: number[] = [];
  let oldLine = 0;
  let newLine = 0;
  for (const op of ops) {
    oldAt.push(oldLine);
    newAt.push(newLine);
    if (op.kind !== '+') oldLine++;
    if (op.kind !== '-') newLine++;
  }
  const out = [`--- a/${name}`, `+++ b/${name}`];
  for (const [first, last] of groups) {
    const from = Math.max(0, first - context);
    const to = Math.min(ops.length, last + context + 1);
    const hunk = ops.slice(from, to);
    const oldCount = hunk.filter((op) => op.kind !== '+').length;
    const newCount = hunk.filter((op) => op.kind !== '-').length;
    out.push(`@@ -${range(oldAt[from]!, oldCount)} +${range(newAt[from]!, newCount)} @@`);
    for (const op of hunk) out.push(`${op.kind}${op.line}`);
  }
  return `${out.join('\n')}\n`;
}

/** How many lines `diff` adds and removes: a one-line summary of it. */
export function diffFigures(diff: string): { added: number; removed: number } {
  const lines = diff.split('\n').filter((line) => !line.startsWith('+++ ') && !line.startsWith('--- '));
  return { added: lines.filter((line) => line.startsWith('+')).length, removed: lines.filter((line) => line.startsWith('-')).length };
}
