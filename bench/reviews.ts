// `npm run bench:reviews`: warm handler time of /convert, /mutate and /validate (source, not bundles) against the
// floor JSON.stringify(JSON.parse(body)) of the same body. Conversion runs on every read of a non-storage version,
// list and watch included: its list case shows the per-object cost.
import { Bench } from 'tinybench';
import { handler as convert } from '../functions/convert';
import { handler as mutate } from '../functions/mutate';
import { handler as validate } from '../functions/validate';
import type { HttpApiHandler } from '../lib/transport/http-api';
import { httpApiEvent } from '../test/support/events';
import type { JsonMap } from '../test/support/karmada';
import { admissionReview, conversionReview } from '../test/support/reviews';
import { typicalWorkload } from './bodies';

const timeMs = Number(process.env.BENCH_TIME_MS ?? 1_000);
const v1 = typicalWorkload();
(v1.metadata as JsonMap).annotations = { ...((v1.metadata as JsonMap).annotations as JsonMap), 'workload.example.io/alias': 'checkout' };

const cases: { name: string; route: string; handler: HttpApiHandler; body: JsonMap }[] = [
  { name: 'convert 1 object v1alpha1 -> v1alpha2', route: '/convert', handler: convert, body: conversionReview('workload.example.io/v1alpha2', [v1]) },
  { name: 'convert list of 100 objects', route: '/convert', handler: convert, body: conversionReview('workload.example.io/v1alpha2', Array.from({ length: 100 }, () => v1)) },
  {
    name: 'mutate CREATE (defaulted already)',
    route: '/mutate',
    handler: mutate,
    body: admissionReview({ operation: 'CREATE', group: 'workload.example.io', version: 'v1alpha1', kind: 'Workload', object: v1, name: 'checkout', namespace: 'shop' }),
  },
  {
    name: 'validate UPDATE',
    route: '/validate',
    handler: validate,
    body: admissionReview({ operation: 'UPDATE', group: 'workload.example.io', version: 'v1alpha1', kind: 'Workload', object: v1, oldObject: v1, name: 'checkout', namespace: 'shop' }),
  },
];

let sink = 0;
const bench = new Bench({ time: timeMs });
for (const { name, route, handler, body } of cases) {
  const text = JSON.stringify(body);
  bench.add(`${name} floor`, () => {
    sink += JSON.stringify(JSON.parse(text)).length;
  });
  bench.add(`${name} handler`, async () => {
    const result = await handler(httpApiEvent({ routePath: route, rawBody: text }));
    sink += (result.body as string).length;
  });
}
await bench.run();
console.log(`warm review handlers: tinybench ${timeMs} ms per task (run on a shared machine: figures are indicative)`);
for (const { name, body } of cases) {
  const floor = bench.getTask(`${name} floor`)!.result as { latency: { mean: number; p99: number } };
  const handler = bench.getTask(`${name} handler`)!.result as { latency: { mean: number; p99: number } };
  const bytes = JSON.stringify(body).length;
  console.log(
    `${name.padEnd(40)} ${String(bytes).padStart(7)} B  handler mean ${(handler.latency.mean * 1000).toFixed(1)} µs p99 ${(handler.latency.p99 * 1000).toFixed(1)} µs` +
      `  floor mean ${(floor.latency.mean * 1000).toFixed(1)} µs  ratio ${(handler.latency.mean / floor.latency.mean).toFixed(2)}x`,
  );
}
if (sink < 0) console.log(sink);
