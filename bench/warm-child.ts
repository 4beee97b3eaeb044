// Warm handler time per operation vs the floor (JSON.parse + JSON.stringify of the same body), run in its own process
// so that the parent chooses the log level and where stdout goes. Writes its figures to the file it is given.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Bench } from 'tinybench';
import type { HttpApiHandler } from '../lib/transport/http-api';
import { httpApiEvent } from '../test/helpers/events';
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
}

let sink = 0;

function figuresOf(bench: Bench, name: string): TaskFigures {
  const result = bench.getTask(name)?.result;
  if (result === undefined || !('latency' in result)) throw new Error(`task ${name} did not complete: ${JSON.stringify(result)}`);
  const { mean, p50, p99, samplesCount } = result.latency;
  return { meanMs: mean, p50Ms: p50, p99Ms: p99, samples: samplesCount };
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
  const bench = new Bench({ time: manifest.timeMs, warmupTime: Math.max(100, manifest.timeMs / 4), throws: true });
  bench.add('floor', () => {
    sink ^= JSON.stringify(JSON.parse(body)).length;
  });
  bench.add('handler', async () => {
    sink ^= (await handler(event)).body!.length;
  });
  await bench.run();
  figures.push({ name: warmCase.name, bodyBytes: Buffer.byteLength(body), floor: figuresOf(bench, 'floor'), handler: figuresOf(bench, 'handler') });
}
writeFileSync(manifest.out, JSON.stringify({ figures, sink }));
