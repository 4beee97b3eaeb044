// `npm run load`: load and soak of `npm start`'s server on loopback. Starts the server itself, sends a warm-up pass and
// then ≥ 20 000 mixed requests at concurrency 64, checks every answer, compares the server's RSS after warm-up and at
// the end, stops the server, and exits non-zero on any failure. Bounded in requests and in time (hard stop).
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';
import { interpreterOperations, routeSegmentOf } from '../lib/interpreter/wire/operations';
import { interpreterContext, type JsonMap } from '../test/support/karmada';
import { checkAnswer } from '../test/property/oracle';
import { aggregateStatusBody, typicalBody, typicalWorkload } from './bodies';
import { startLocalServer } from '../test/support/server';
import { childEnv, kb, ms, percentile, printTable } from './report';

const setting = (name: string, fallback: number) => (process.env[name] !== undefined ? Number(process.env[name]) : fallback);
const requests = Math.max(20_000, setting('LOAD_REQUESTS', 20_000));
const warmupRequests = setting('LOAD_WARMUP_REQUESTS', 5_000);
const maxWarmupPasses = setting('LOAD_WARMUP_PASSES', 6);
const connections = setting('LOAD_CONNECTIONS', 64);
const timeLimitSeconds = setting('LOAD_TIME_LIMIT_SECONDS', 300);
const rssTolerance = 0.2;

type Expectation =
  | { kind: 'context'; successful: true }
  | { kind: 'context'; successful: false; code: 400 | 404 }
  | { kind: 'health' }
  | { kind: 'not-found' };

interface Template {
  label: string;
  group: 'valid' | 'invalid' | 'large' | 'health' | 'not-found';
  method: 'GET' | 'POST';
  path: string;
  contentType?: string;
  body?: string;
  expect: Expectation;
}

const json = 'application/json';

function post(label: string, group: Template['group'], path: string, body: string, expect: Expectation, contentType = json): Template {
  return { label, group, method: 'POST', path, contentType, body, expect };
}

/** The mix: every operation on its route, the dispatcher and a token route; invalid bodies; health; an unknown path; big fleets. */
function templates(): Template[] {
  const valid = interpreterOperations.flatMap((operation) => {
    const segment = routeSegmentOf[operation];
    const body = (uid: string) => JSON.stringify(typicalBody(operation, uid));
    return [
      post(`${operation} on /interpreter/${segment}`, 'valid', `/interpreter/${segment}?timeout=10s`, body(`load-${segment}-route`), { kind: 'context', successful: true }),
      post(`${operation} on /interpreter`, 'valid', '/interpreter?timeout=10s', body(`load-${segment}-dispatcher`), { kind: 'context', successful: true }),
      post(`${operation} on /{token}/interpreter/${segment}`, 'valid', `/load-token/interpreter/${segment}?timeout=30s`, body(`load-${segment}-token`), { kind: 'context', successful: true }),
    ];
  });
  const revise = typicalBody('ReviseReplica', 'load-bad-replicas');
  (revise.request as JsonMap).replicas = '2';
  const retain = typicalBody('Retain', 'load-no-observed');
  delete (retain.request as JsonMap).observedObject;
  const deployment = { ...typicalWorkload(), apiVersion: 'apps/v1', kind: 'Deployment' };
  const badStatus = aggregateStatusBody(3, 'load-bad-status');
  ((badStatus.request as JsonMap).aggregatedStatus as JsonMap[])[1]!.status = 'ready';
  const rejected = { kind: 'context', successful: false, code: 400 } as const;
  const invalid = [
    post('ReviseReplica with replicas "2"', 'invalid', '/interpreter/revise-replica', JSON.stringify(revise), rejected),
    post('Retain without observedObject', 'invalid', '/interpreter', JSON.stringify(retain), rejected),
    post('AggregateStatus with a string status', 'invalid', '/interpreter/aggregate-status', JSON.stringify(badStatus), rejected),
    post('InterpretHealth on the retain route', 'invalid', '/interpreter/retain', JSON.stringify(typicalBody('InterpretHealth', 'load-wrong-route')), rejected),
    post('truncated JSON', 'invalid', '/interpreter', '{"apiVersion":"config.karmada.io/v1alpha1","request":{', rejected),
    post('empty body', 'invalid', '/interpreter', '', rejected),
    post('text/plain', 'invalid', '/interpreter', JSON.stringify(typicalBody('InterpretStatus', 'load-text-plain')), rejected, 'text/plain'),
    post('unserved kind (apps/v1 Deployment)', 'invalid', '/interpreter', JSON.stringify(interpreterContext({ operation: 'InterpretReplica', object: deployment, uid: 'load-deployment' })), {
      kind: 'context',
      successful: false,
      code: 404,
    }),
  ];
  const large = post('AggregateStatus, 2000 clusters', 'large', '/interpreter/aggregate-status?timeout=10s', JSON.stringify(aggregateStatusBody(2000, 'load-2000')), { kind: 'context', successful: true });
  const health: Template = { label: 'GET /healthz', group: 'health', method: 'GET', path: '/healthz', expect: { kind: 'health' } };
  const notFound = post('POST to an unknown path', 'not-found', '/interpreter/prune', '{}', { kind: 'not-found' });
  // About 2% invalid-by-design per kind, one 2000-cluster body per ~100 requests.
  const mix = [...valid, ...valid, ...valid, ...invalid, ...invalid, health, health, notFound, large];
  // A fixed shuffle, so that each connection's pass through the list interleaves the kinds.
  let state = 0x9e3779b9;
  const random = () => ((state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
  for (let i = mix.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [mix[i], mix[j]] = [mix[j]!, mix[i]!];
  }
  return mix;
}

function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name && value !== undefined) return Array.isArray(value) ? value.join(',') : value;
  return undefined;
}

/** What is wrong with one answer, or undefined when it is what the template expects. */
function problemOf(template: Template, status: number, body: string, headers: IncomingHttpHeaders): string | undefined {
  const expect = template.expect;
  if (expect.kind === 'health') return status === 200 && body === '{"status":"ok"}' ? undefined : `HTTP ${status} ${body.slice(0, 200)}`;
  if (expect.kind === 'not-found') return status === 404 && body === '{"message":"Not Found"}' ? undefined : `HTTP ${status} ${body.slice(0, 200)}`;
  try {
    const verdict = checkAnswer(template.body ?? '', { statusCode: status, headers: { 'content-type': headerOf(headers, 'content-type') ?? '' }, body });
    if (verdict.successful !== expect.successful) return `successful=${verdict.successful}: ${body.slice(0, 300)}`;
    if (!expect.successful && verdict.code !== expect.code) return `code ${verdict.code}, expected ${expect.code}: ${body.slice(0, 300)}`;
    return undefined;
  } catch (error) {
    return `${(error as Error).message}: ${body.slice(0, 300)}`;
  }
}

interface Tally {
  responses: Map<Template['group'], number>;
  problems: number;
  examples: string[];
  latencies: number[];
  largeLatencies: number[];
}

function runPass(base: string, mix: Template[], amount: number, tally: Tally | undefined): { done: Promise<autocannon.Result>; stop: () => void } {
  // autocannon calls a request's onResponse and then, synchronously, emits 'response' with the latency: the group of
  // the answer being timed is the one onResponse saw last.
  let lastGroup: Template['group'] | undefined;
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: base,
        connections,
        amount,
        timeout: 30,
        requests: mix.map((template) => ({
          method: template.method,
          path: template.path,
          ...(template.body !== undefined ? { body: template.body } : {}),
          headers: template.contentType !== undefined ? { 'content-type': template.contentType } : {},
          onResponse: (status: number, body: string, _context: object, headers?: IncomingHttpHeaders) => {
            if (tally === undefined) return;
            lastGroup = template.group;
            tally.responses.set(template.group, (tally.responses.get(template.group) ?? 0) + 1);
            const problem = problemOf(template, status, body, headers ?? {});
            if (problem !== undefined) {
              tally.problems++;
              if (tally.examples.length < 10) tally.examples.push(`${template.label}: ${problem}`);
            }
          },
        })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (tally !== undefined) {
      instance.on('response', (_client, _status, _bytes, responseTime) => {
        tally.latencies.push(responseTime);
        if (lastGroup === 'large') tally.largeLatencies.push(responseTime);
      });
    }
  });
  return { done, stop: () => instance?.stop() };
}

function rssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]);
}

const started = Date.now();
const mix = templates();
console.log(`load: ${requests} mixed requests (after warm-up passes of ${warmupRequests} until RSS settles) at concurrency ${connections} against npm start's server (POWERTOOLS_LOG_LEVEL=WARN, metrics off)`);
console.log(`mix of ${mix.length} requests per pass: ${[...new Set(mix.map((t) => t.group))].map((g) => `${mix.filter((t) => t.group === g).length} ${g}`).join(', ')}; largest body ${kb(Math.max(...mix.map((t) => Buffer.byteLength(t.body ?? ''))))}`);

// As `npm start` runs it (test/support/server.ts); its WARN lines (one per rejected review) are kept for a failure report.
const server = await startLocalServer({ baseEnv: childEnv({ POWERTOOLS_LOG_LEVEL: 'WARN', POWERTOOLS_METRICS_DISABLED: 'true' }) });
const pid = server.process.pid!;
let current: { stop: () => void } | undefined;
const hardStop = setTimeout(() => {
  console.error(`load: FAIL — hard time limit of ${timeLimitSeconds} s reached; stopping`);
  current?.stop();
  void server.stop('SIGTERM', 3000).then(() => process.exit(1));
}, timeLimitSeconds * 1000);

const rssSamples: number[] = [];
const sampler = setInterval(() => {
  try {
    rssSamples.push(rssKb(pid));
  } catch {
    // the server is gone; the run reports it
  }
}, 250);

const failures: string[] = [];
try {
  // Warm up until the heap has grown to its working size: passes until RSS moves less than 5% between two of them.
  const warmupRss: number[] = [];
  for (let pass = 0; pass < maxWarmupPasses; pass++) {
    const warmup = runPass(server.url, mix, warmupRequests, undefined);
    current = warmup;
    await warmup.done;
    await new Promise((resolve) => setTimeout(resolve, 300));
    warmupRss.push(rssKb(pid));
    const [before, after] = warmupRss.slice(-2);
    if (warmupRss.length >= 2 && Math.abs(after! / before! - 1) < 0.05) break;
  }
  const rssAfterWarmup = warmupRss.at(-1)!;
  console.log(`warm-up: ${warmupRss.length} pass(es) of ${warmupRequests} requests; RSS after each: ${warmupRss.map((kb) => (kb / 1024).toFixed(0)).join(' → ')} MB`);
  rssSamples.length = 0;

  const tally: Tally = { responses: new Map(), problems: 0, examples: [], latencies: [], largeLatencies: [] };
  const main = runPass(server.url, mix, requests, tally);
  current = main;
  const mainStarted = performance.now();
  const result = await main.done;
  const mainSeconds = (performance.now() - mainStarted) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const rssAtEnd = rssKb(pid);
  const rssPeak = Math.max(rssAtEnd, ...rssSamples);
  const growth = rssAtEnd / rssAfterWarmup - 1;

  if (server.process.exitCode !== null || server.process.signalCode !== null) failures.push(`the server exited during the run (${server.process.exitCode ?? server.process.signalCode})`);
  const answered = [...tally.responses.values()].reduce((a, b) => a + b, 0);
  const intendedNon2xx = tally.responses.get('not-found') ?? 0;
  if (answered < requests) failures.push(`${answered} answers for ${requests} requests`);
  if (result.errors > 0 || result.timeouts > 0) failures.push(`${result.errors} transport errors, ${result.timeouts} timeouts`);
  if (result.non2xx !== intendedNon2xx) failures.push(`${result.non2xx} non-2xx answers, of which ${intendedNon2xx} intended (unknown path)`);
  if (tally.problems > 0) failures.push(`${tally.problems} answers broke a property:\n    ${tally.examples.join('\n    ')}`);
  if (growth > rssTolerance) failures.push(`RSS grew ${(growth * 100).toFixed(1)}% after warm-up (limit ${rssTolerance * 100}%)`);

  printTable(
    'Load on loopback (autocannon → node scripts/start.cjs, as npm start runs it)',
    ['figure', 'value'],
    [
      ['requests answered (checked: every body)', answered],
      ...[...tally.responses].map(([group, count]): [string, number] => [`  ${group}`, count]),
      ['throughput (answers / wall time of the run)', `${Math.round(answered / mainSeconds).toLocaleString('en-US')} req/s over ${mainSeconds.toFixed(1)} s`],
      ['latency p50 / p99 (all requests)', `${ms(percentile(tally.latencies, 50))} / ${ms(percentile(tally.latencies, 99))}`],
      ['latency p50 / p99 (2000-cluster AggregateStatus only)', `${ms(percentile(tally.largeLatencies, 50))} / ${ms(percentile(tally.largeLatencies, 99))}`],
      ['latency max', ms(tally.latencies.reduce((a, b) => Math.max(a, b), 0))],
      ['transport errors / timeouts / resets', `${result.errors} / ${result.timeouts} / ${result.resets}`],
      ['non-2xx (intended: unknown path → 404)', `${result.non2xx} (${intendedNon2xx} intended)`],
      ['answers breaking a property', tally.problems],
      ['server RSS after warm-up', `${(rssAfterWarmup / 1024).toFixed(1)} MB`],
      ['server RSS at end / peak', `${(rssAtEnd / 1024).toFixed(1)} MB / ${(rssPeak / 1024).toFixed(1)} MB`],
      ['server RSS during the run (quartiles of time)', [0, 0.25, 0.5, 0.75, 1].map((q) => `${((rssSamples[Math.min(rssSamples.length - 1, Math.floor(q * (rssSamples.length - 1)))] ?? 0) / 1024).toFixed(0)}`).join(' → ') + ' MB'],
      ['RSS change, end vs after warm-up', `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}% (limit +${rssTolerance * 100}%)`],
      ['duration (whole run)', `${((Date.now() - started) / 1000).toFixed(1)} s`],
    ],
  );
} catch (error) {
  failures.push(`the run failed: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  clearInterval(sampler);
  clearTimeout(hardStop);
  await server.stop('SIGTERM', 3000);
}

if (failures.length > 0) {
  console.error(`\nload: FAIL\n  ${failures.join('\n  ')}`);
  const tail = server.output().slice(-4000);
  if (tail !== '') console.error(`server output (tail):\n${tail}`);
  process.exit(1);
}
console.log('\nload: PASS — no transport errors, only the intended non-2xx, every answer well-formed, RSS stable');
