// Statistics and the printed tables: every figure next to its baseline, the ratio, and the target it is held to.

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile with linear interpolation. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = ((sorted.length - 1) * p) / 100;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

export interface Target {
  /** e.g. "≤ 1.15× empty" */
  text: string;
  pass: boolean;
}

export function atMost(value: number, limit: number, text: string): Target {
  return { text, pass: value <= limit };
}

export function atLeast(value: number, limit: number, text: string): Target {
  return { text, pass: value >= limit };
}

export type Cell = string | number | Target | undefined;

function cellText(cell: Cell): string {
  if (cell === undefined) return '';
  if (typeof cell === 'number') return formatNumber(cell);
  if (typeof cell === 'string') return cell;
  return `${cell.pass ? 'PASS' : 'MISS'} (${cell.text})`;
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

export function ms(value: number): string {
  return `${formatNumber(value)} ms`;
}

export function us(valueMs: number): string {
  return `${formatNumber(valueMs * 1000)} µs`;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function ratio(value: number): string {
  return `${value.toFixed(2)}×`;
}

export function printTable(title: string, header: string[], rows: Cell[][]): void {
  const texts = rows.map((row) => row.map(cellText));
  const widths = header.map((h, i) => Math.max(h.length, ...texts.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of texts) console.log(line(row));
}


/** The environment for measured children: this one's, minus anything that would change what they run. */
export function childEnv(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Nothing that loads extra code, changes the log level, or turns caller protection on behind the figures' back.
  for (const name of ['NODE_OPTIONS', 'LOG_LEVEL', 'AWS_LAMBDA_LOG_LEVEL', 'AUTH_SECRET_ID', 'AUTH_ALLOWED_CIDRS', 'AUTH_TOKEN_CACHE_SECONDS']) delete env[name];
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}
