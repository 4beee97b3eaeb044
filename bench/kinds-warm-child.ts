// Warm per-call cost with many kinds vs today's: both builds of a function loaded in one process, their handlers
// called in alternating short batches on the same event, so that whatever else the machine does lands on both alike.
// Writes its figures to the file it is given.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { HttpApiHandler } from '../lib/transport/http-api';
import { httpApiEvent } from '../test/support/events';
import { warmCases } from './bodies';
import { percentile } from './report';

export interface KindsWarmManifest {
  /** Bundle file by function name, per variant: today's build first, the scaled one second. */
  today: Record<string, string>;
  scaled: Record<string, string>;
  timeMs: number;
  out: string;
}

export interface KindsWarmFigures {
  name: string;
  /** Per-call time of each variant's handler: the median over batches. */
  todayMs: number;
  scaledMs: number;
  /** Scaled ÷ today: the median over back-to-back batch pairs. */
  ratio: number;
  batches: number;
}

let sink = 0;

async function check(handler: HttpApiHandler, event: Parameters<HttpApiHandler>[0], what: string): Promise<void> {
  const result = await handler(event);
  const response = (JSON.parse(result.body ?? '') as { response?: { successful?: boolean } }).response;
  if (result.statusCode !== 200 || response?.successful !== true) throw new Error(`${what}: the handler did not succeed: ${result.body}`);
}

async function timed(handler: HttpApiHandler, event: Parameters<HttpApiHandler>[0], calls: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < calls; i++) sink ^= (await handler(event)).body!.length;
  return (performance.now() - started) / calls;
}

const manifest = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as KindsWarmManifest;
const load = async (file: string) => ((await import(pathToFileURL(file).href)) as { handler: HttpApiHandler }).handler;

const figures: KindsWarmFigures[] = [];
for (const warmCase of warmCases()) {
  const today = await load(manifest.today[warmCase.functionName]!);
  const scaled = await load(manifest.scaled[warmCase.functionName]!);
  const event = httpApiEvent({ routePath: warmCase.routePath, body: warmCase.body });
  await check(today, event, `${warmCase.name}, today's kinds`);
  await check(scaled, event, `${warmCase.name}, scaled kinds`);
  // A batch is about 2 ms of today's handler; both run it once first (compiled, caches warm).
  let calls = 1;
  while ((await timed(today, event, calls)) * calls < 2 && calls < 1 << 16) calls *= 2;
  await timed(scaled, event, calls);
  const todayBatches: number[] = [];
  const scaledBatches: number[] = [];
  const deadline = performance.now() + manifest.timeMs;
  for (let round = 0; performance.now() < deadline || round < 20; round++) {
    // The order alternates, so that neither variant always runs right after the other.
    if (round % 2 === 0) {
      todayBatches.push(await timed(today, event, calls));
      scaledBatches.push(await timed(scaled, event, calls));
    } else {
      scaledBatches.push(await timed(scaled, event, calls));
      todayBatches.push(await timed(today, event, calls));
    }
  }
  figures.push({
    name: warmCase.name,
    todayMs: percentile(todayBatches, 50),
    scaledMs: percentile(scaledBatches, 50),
    ratio: percentile(scaledBatches.map((scaledMs, i) => scaledMs / todayBatches[i]!), 50),
    batches: todayBatches.length,
  });
}
writeFileSync(manifest.out, JSON.stringify({ figures, sink }));
