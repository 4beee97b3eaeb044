// Cold import of each function bundle vs the empty bundle, in fresh node processes, interleaved round by round.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Bundle } from './artifacts';
import { childEnv, median, percentile } from './report';

const coldChild = fileURLToPath(new URL('./cold-child.mjs', import.meta.url));

export interface ColdSamples {
  /** Spawn to exit of the whole process, as a Lambda init would see it (node startup included). */
  wallMs: number[];
  /** The `import()` alone, timed inside the process. */
  importMs: number[];
}

export interface ColdFigures {
  runs: number;
  wallMedianMs: number;
  wallP90Ms: number;
  importMedianMs: number;
}

export function figuresOf(samples: ColdSamples): ColdFigures {
  return {
    runs: samples.wallMs.length,
    wallMedianMs: median(samples.wallMs),
    wallP90Ms: percentile(samples.wallMs, 90),
    importMedianMs: median(samples.importMs),
  };
}

/** Runs one fresh process for `file` and returns its wall time and in-process import time. */
export function coldStart(file: string, env: NodeJS.ProcessEnv, child = coldChild, args: string[] = [file]): { wallMs: number; importMs: number; report: Record<string, unknown> } {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [child, ...args], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`cold start of ${file} failed (exit ${result.status}): ${result.stderr.trim()}`);
  const report = JSON.parse(result.stdout) as Record<string, unknown> & { importMs: number };
  return { wallMs, importMs: report.importMs, report };
}

/**
 * `runs` cold starts of every bundle, interleaved (one of each per round, rotating the order) so that machine
 * noise spreads evenly over all of them; `warmupRounds` first rounds are discarded (file cache, CPU clocks).
 */
export function measureCold(bundles: readonly Bundle[], runs: number, env: NodeJS.ProcessEnv, warmupRounds = 2): Map<Bundle, ColdSamples> {
  const samples = new Map<Bundle, ColdSamples>(bundles.map((bundle) => [bundle, { wallMs: [], importMs: [] }]));
  for (let round = 0; round < warmupRounds + runs; round++) {
    for (let i = 0; i < bundles.length; i++) {
      const bundle = bundles[(i + round) % bundles.length]!;
      const { wallMs, importMs } = coldStart(bundle.file, env);
      if (round < warmupRounds) continue;
      samples.get(bundle)!.wallMs.push(wallMs);
      samples.get(bundle)!.importMs.push(importMs);
    }
  }
  return samples;
}

export function benchEnv(logLevel = 'WARN'): NodeJS.ProcessEnv {
  return childEnv({ POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: logLevel, AWS_REGION: process.env.AWS_REGION ?? 'us-east-1' });
}
