// Warm handler time per operation vs the floor (JSON.parse + JSON.stringify of the same body), interleaved, run in its
// own process so that the parent chooses the log level and where stdout goes. Writes its figures to the file it is given.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { percentile } from './report';
import type { HttpApiHandler } from '../lib/transport/http-api';
import { httpApiEvent } from '../test/support/events';
import { warmCases } from './bodies';

export interface WarmManifest {
  /** Bundle file by function name. */
  bundles: Record<string, string>;
  /** Case names to run; all when absent. */
  cases?: string[];
  timeMs: number;
  out: string;
}

export interface TaskFigures {
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  samples: number;
}

export interface WarmFigures {
  name: string;
  bodyBytes: number;
  floor: TaskFigures;
  handler: TaskFigures;
  /** Handler ÷ floor: the median over back-to-back batch pairs. */
  ratio: number;
}

let sink = 0;

/**
 * Floor and handler run alternately in short batches (about 2 ms of floor work each) for the whole time budget, so
 * that whatever else the machine does lands on both alike. Figures are over per-batch means (time ÷ calls).
 */
async function interleaved(floor: () => void, handler: () => Promise<void>, timeMs: number): Promise<{ floor: TaskFigures; handler: TaskFigures; ratio: number }> {
  let calls = 1;
  for (;;) {
    const started = performance.now();
    for (let i = 0; i < calls; i++) floor();
    if (performance.now() - started >= 2 || calls >= 1 << 20) break;
    calls *= 2;
  }
  for (let i = 0; i < calls; i++) await handler();
  const floorBatches: number[] = [];
  const handlerBatches: number[] = [];
  const deadline = performance.now() + timeMs;
  for (let round = 0; performance.now() < deadline || round < 20; round++) {
    let started = performance.now();
    for (let i = 0; i < calls; i++) floor();
    floorBatches.push((performance.now() - started) / calls);
    started = performance.now();
    for (let i = 0; i < calls; i++) await handler();
    handlerBatches.push((performance.now() - started) / calls);
  }
  const figures = (batches: number[]): TaskFigures => ({
    meanMs: batches.reduce((a, b) => a + b, 0) / batches.length,
    p50Ms: percentile(batches, 50),
    p99Ms: percentile(batches, 99),
    samples: batches.length * calls,
  });
  // Median of the batch pairs' ratios: a pair that the machine interrupted does not move it.
  const ratio = percentile(handlerBatches.map((h, i) => h / floorBatches[i]!), 50);
  return { floor: figures(floorBatches), handler: figures(handlerBatches), ratio };
}

async function check(handler: HttpApiHandler, event: APIGatewayProxyEventV2, name: string): Promise<void> {
  const result = await handler(event);
  const response = (JSON.parse(result.body ?? '') as { response?: { successful?: boolean; status?: unknown } }).response;
  if (result.statusCode !== 200 || response?.successful !== true) throw new Error(`${name}: the handler did not succeed: ${result.body}`);
}

const manifest = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as WarmManifest;
const cases = warmCases().filter((c) => manifest.cases === undefined || manifest.cases.includes(c.name));
const handlers = new Map<string, HttpApiHandler>();
for (const functionName of new Set(cases.map((c) => c.functionName))) {
  const module = (await import(pathToFileURL(manifest.bundles[functionName]!).href)) as { handler: HttpApiHandler };
  handlers.set(functionName, module.handler);
}

const figures: WarmFigures[] = [];
for (const warmCase of cases) {
  const handler = handlers.get(warmCase.functionName)!;
  const event = httpApiEvent({ routePath: warmCase.routePath, body: warmCase.body });
  const body = event.body!;
  await check(handler, event, warmCase.name);
  const measured = await interleaved(
    () => {
      sink ^= JSON.stringify(JSON.parse(body)).length;
    },
    async () => {
      sink ^= (await handler(event)).body!.length;
    },
    manifest.timeMs,
  );
  figures.push({ name: warmCase.name, bodyBytes: Buffer.byteLength(body), ...measured });
}
writeFileSync(manifest.out, JSON.stringify({ figures, sink }));
