// Runs bench/warm-child.ts in a fresh process with the chosen log level, its stdout kept or sent to /dev/null.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectRoot, workDir, type Bundle } from './artifacts';
import { benchEnv } from './cold';
import type { WarmFigures, WarmManifest } from './warm-child';

const warmChild = fileURLToPath(new URL('./warm-child.ts', import.meta.url));

export interface WarmOptions {
  timeMs: number;
  logLevel: 'WARN' | 'INFO';
  cases?: string[];
  /** EMF metrics on, as deployed (the INFO rows: what a default Lambda call costs). */
  metrics?: boolean;
}

export async function measureWarm(bundles: readonly Bundle[], { timeMs, logLevel, cases, metrics = false }: WarmOptions): Promise<WarmFigures[]> {
  mkdirSync(workDir, { recursive: true });
  const manifestFile = join(workDir, `warm-${logLevel}-${metrics}.json`);
  const out = join(workDir, `warm-${logLevel}-${metrics}-result.json`);
  const manifest: WarmManifest = { bundles: Object.fromEntries(bundles.map((b) => [b.name, b.file])), timeMs, out, ...(cases ? { cases } : {}) };
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const child = spawn(process.execPath, ['--import', 'tsx', warmChild, manifestFile], {
    cwd: projectRoot,
    env: { ...benchEnv(logLevel), ...(metrics ? { POWERTOOLS_METRICS_DISABLED: 'false' } : {}) },
    // INFO writes one log line per call: to /dev/null, so the figure is the logging cost, not a terminal's.
    stdio: ['ignore', logLevel === 'INFO' || metrics ? 'ignore' : 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the warm benchmark exited with ${code}`);
  return (JSON.parse(readFileSync(out, 'utf8')) as { figures: WarmFigures[] }).figures;
}
