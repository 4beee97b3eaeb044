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
  /** The process's CPU time (user + system) from its start to the module being ready (or the first answer). */
  cpuMs: number[];
  /** Process start to the module ready (or to the first answer), timed inside the process. */
  readyMs: number[];
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
export function coldStart(file: string, env: NodeJS.ProcessEnv, child = coldChild, args: string[] = [file]): { wallMs: number; importMs: number; cpuMs: number; report: Record<string, unknown> } {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [child, ...args], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`cold start of ${file} failed (exit ${result.status}): ${result.stderr.trim()}`);
  const report = JSON.parse(result.stdout) as Record<string, unknown> & { importMs: number; cpuMs: number };
  return { wallMs, importMs: report.importMs, cpuMs: report.cpuMs, report };
}

/** How a round starts one bundle: the child script and its arguments (default: cold-child.mjs, import only). */
export interface ColdStarter {
  child: string;
  args(bundle: Bundle): string[];
  /** Throws when the child's report says the start did not do its job (e.g. the first call failed). */
  check?(bundle: Bundle, report: Record<string, unknown>): void;
}

/**
 * `runs` cold starts of every bundle, interleaved (one of each per round, rotating the order) so that machine
 * noise spreads evenly over all of them; `warmupRounds` first rounds are discarded (file cache, CPU clocks).
 */
export function measureCold(bundles: readonly Bundle[], runs: number, env: NodeJS.ProcessEnv, warmupRounds = 2, starter?: ColdStarter): Map<Bundle, ColdSamples> {
  const samples = new Map<Bundle, ColdSamples>(bundles.map((bundle) => [bundle, { wallMs: [], importMs: [], cpuMs: [], readyMs: [] }]));
  for (let round = 0; round < warmupRounds + runs; round++) {
    for (let i = 0; i < bundles.length; i++) {
      const bundle = bundles[(i + round) % bundles.length]!;
      const { wallMs, importMs, cpuMs, report } = starter === undefined ? coldStart(bundle.file, env) : coldStart(bundle.file, env, starter.child, starter.args(bundle));
      starter?.check?.(bundle, report);
      if (round < warmupRounds) continue;
      samples.get(bundle)!.wallMs.push(wallMs);
      samples.get(bundle)!.importMs.push(importMs);
      samples.get(bundle)!.cpuMs.push(cpuMs);
      samples.get(bundle)!.readyMs.push(report.readyMs as number);
    }
  }
  return samples;
}

/** Per round, `bundle`'s figure ÷ `baseline`'s (both started in that round): the paired ratios. */
export function pairedRatios(samples: Map<Bundle, ColdSamples>, bundle: Bundle, baseline: Bundle, figure: 'wallMs' | 'cpuMs'): number[] {
  const base = samples.get(baseline)![figure];
  return samples.get(bundle)![figure].map((value, round) => value / base[round]!);
}

export function benchEnv(logLevel = 'WARN'): NodeJS.ProcessEnv {
  return childEnv({ POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: logLevel, AWS_REGION: process.env.AWS_REGION ?? 'us-east-1' });
}
