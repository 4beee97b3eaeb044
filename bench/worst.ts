// `npm run bench -- worst` (issue 34): the worst body up to the 6 MB limit per interpreted kind × operation, found
// among a bounded set of candidates grown at the paths the operation reads; then each worst body's CPU and peak RSS
// in a fresh process, and the local server's /healthz latency while the worst bodies run, with its RSS idle, at peak
// and after a settle.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { handler } from '../functions/dispatcher';
import { logger } from '../lib/observability/call-record';
import type { InterpreterOperation } from '../lib/interpreter/wire/operations';
import type { InterpreterCase } from '../lib/kit/cases';
import { kindFolders } from '../lib/kit/kinds';
import { interpretInputOf, interpreterContextFor } from '../lib/kit/request';
import { maxBodyBytes } from '../lib/transport/http-api';
import type { JsonObject, JsonValue } from '../lib/review/json';
import { httpApiEvent } from '../test/support/events';
import { request } from '../test/support/http';
import { casesOf, clone, readsOf, valueOrUndefined, type Body } from '../test/support/read-derive';
import { pathKey, pathText, type ReadRecord, type Segment } from '../test/support/read-record';
import { startLocalServer } from '../test/support/server';
import { projectRoot } from './artifacts';
import { benchEnv } from './cold';
import { atMost, ms, percentile, printTable, type Target } from './report';
import type { WorstChildFigures } from './worst-child';

const worstChild = fileURLToPath(new URL('./worst-child.ts', import.meta.url));

export interface WorstSettings {
  /** Candidate bodies tried per kind × operation (BENCH_WORST_CANDIDATES). */
  candidates: number;
  /** Worst bodies (by CPU) sent to the local server while /healthz is polled (BENCH_WORST_SERVER_BODIES). */
  serverBodies: number;
  /** Seconds after the load before the server's RSS is read again (BENCH_WORST_SETTLE_SECONDS). */
  settleSeconds: number;
  /** Only kinds whose folder name matches (BENCH_WORST_KINDS, a regexp), for development. */
  kinds?: RegExp;
  /** Bodies are grown to this many bytes (under the 6 MiB limit the transport refuses above). */
  bodyBytes: number;
  /** Candidates are ranked grown to this many bytes (BENCH_WORST_SCREEN_BYTES; the worst is then grown to bodyBytes). */
  screenBytes: number;
}

export type CandidateShape = 'list of its item' | 'list of {}' | '5 MB string' | 'wide map';

export interface Candidate {
  kind: string;
  operation: InterpreterOperation;
  case: string;
  shape: CandidateShape;
  /** Where it grows, as messages write paths (below `request`). */
  path: string;
  rawBody: string;
}

interface Plan {
  shape: CandidateShape;
  path: Segment[];
  /** Grows the value at `path` in `request` so that the body is about `bytes` larger. */
  grow(request: JsonObject, bytes: number): void;
}

const setAt = (request: JsonObject, path: readonly Segment[], value: JsonValue) => {
  (valueOrUndefined(request, path.slice(0, -1)) as Record<string | number, JsonValue>)[path.at(-1)!] = value;
};

/** The growth plans for one case's body: lists, string leaves and maps it reads, deepest first within a shape. */
function plansOf(body: Body, record: ReadRecord): Plan[] {
  const paths = [...new Set([...record.read, ...record.whole])].map((key) => JSON.parse(key) as Segment[]);
  const byShape = new Map<CandidateShape, Plan[]>();
  const add = (plan: Plan) => byShape.set(plan.shape, [...(byShape.get(plan.shape) ?? []), plan]);
  const lists: Segment[][] = [];
  if (Array.isArray(body.request.aggregatedStatus) && body.request.aggregatedStatus.length > 0) lists.push(['aggregatedStatus']);
  for (const path of paths) {
    const value = valueOrUndefined(body.request, path);
    if (Array.isArray(value)) lists.push(path);
    else if (typeof value === 'string') {
      add({ shape: '5 MB string', path, grow: (request, bytes) => setAt(request, path, `${value}${'9'.repeat(Math.max(0, Math.min(5_000_000, bytes)))}`) });
    } else if (typeof value === 'object' && value !== null) {
      const first = Object.values(value)[0];
      const entry: JsonValue = first === undefined || (typeof first === 'object' && first !== null) ? '1' : first;
      add({
        shape: 'wide map',
        path,
        grow: (request, bytes) => {
          const map = valueOrUndefined(request, path) as JsonObject;
          const each = JSON.stringify(entry).length + 12;
          for (let i = 0; i < Math.floor(bytes / each); i++) map[`example.io/k${i}`] = entry;
        },
      });
    }
  }
  for (const path of lists) {
    const list = valueOrUndefined(body.request, path) as JsonValue[];
    if (list.length > 0) {
      const item = list[0]!;
      add({ shape: 'list of its item', path, grow: (request, bytes) => append(valueOrUndefined(request, path) as JsonValue[], item, Math.floor(bytes / (JSON.stringify(item).length + 1))) });
    }
    add({ shape: 'list of {}', path, grow: (request, bytes) => append(valueOrUndefined(request, path) as JsonValue[], {}, Math.floor(bytes / 3)) });
  }
  // Deepest first: a list or map inside a list item is where per-item work multiplies.
  for (const plans of byShape.values()) plans.sort((a, b) => b.path.length - a.path.length);
  return (['list of its item', 'list of {}', '5 MB string', 'wide map'] as const).flatMap((shape) => byShape.get(shape) ?? []).map((plan) => plan);
}

function append(list: JsonValue[], item: JsonValue, count: number): void {
  for (let i = 0; i < count; i++) list.push(item);
}

/** Up to `count` plans, shapes taken in turn (each shape's deepest paths first), paths not repeated. */
function pick(plans: Plan[], count: number): Plan[] {
  const queues = new Map<CandidateShape, Plan[]>();
  for (const plan of plans) queues.set(plan.shape, [...(queues.get(plan.shape) ?? []), plan]);
  const picked: Plan[] = [];
  const seen = new Set<string>();
  while (picked.length < count && [...queues.values()].some((queue) => queue.length > 0)) {
    for (const queue of queues.values()) {
      const plan = queue.shift();
      if (plan === undefined || picked.length >= count) continue;
      // Paths that differ only in their indices are the same place (containers[0] and containers[1]).
      const key = `${plan.shape} ${pathKey(plan.path.map((segment) => (typeof segment === 'number' ? 0 : segment)))}`;
      if (seen.has(key)) continue;
      seen.add(key);
      picked.push(plan);
    }
  }
  return picked;
}

/** The body `plan` grows, to about `bytes` serialized (a second pass trims what the first overshot). */
function grown(body: Body, plan: Plan, bytes: number): string {
  const base = Buffer.byteLength(JSON.stringify(body));
  for (let budget = bytes - base, pass = 0; pass < 3; pass++) {
    const request = clone(body.request);
    plan.grow(request, budget);
    const rawBody = JSON.stringify({ ...body, request });
    // In bytes, as the transport counts them (an item repeated may hold non-ASCII text).
    const size = Buffer.byteLength(rawBody);
    if (size <= bytes) return rawBody;
    budget = Math.floor((budget * (bytes - base)) / (size - base)) - 1024;
  }
  return JSON.stringify(body);
}

export interface Screened {
  kind: string;
  operation: InterpreterOperation;
  candidates: number;
  worst: Candidate;
  /** CPU of one in-process call of the worst candidate (the screening figure; the fresh process's is the held one). */
  screenCpuMs: number;
}

function answerCode(result: APIGatewayProxyStructuredResultV2): number {
  if (result.statusCode !== 200) return result.statusCode ?? 0;
  const response = (JSON.parse(typeof result.body === 'string' ? result.body : '{}') as { response?: { successful?: boolean; status?: { code?: number } } }).response;
  return response?.successful === false ? (response.status?.code ?? 0) : 200;
}

async function cpuOf(rawBody: string): Promise<{ cpuMs: number; code: number }> {
  const event = httpApiEvent({ rawBody });
  // The metrics line (made when a module first imported the handler, before this section could turn it off) is
  // kept out of the bench's output.
  const write = process.stdout.write;
  process.stdout.write = () => true;
  const cpu = process.cpuUsage();
  let result: APIGatewayProxyStructuredResultV2;
  try {
    result = (await handler(event)) as APIGatewayProxyStructuredResultV2;
  } finally {
    process.stdout.write = write;
  }
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000, code: answerCode(result) };
}

/** Every interpreted kind × operation: its candidates, each run once in process; the one with the most CPU kept. */
export async function screen(settings: WorstSettings, log: (line: string) => void): Promise<Screened[]> {
  // The handler's logger read its level when a module first imported it (before this section set ERROR); its
  // lines (an internal error's at ERROR) are written after the call, outside cpuOf's window.
  logger.setLogLevel('SILENT');
  const screened: Screened[] = [];
  const folders = kindFolders().filter((folder) => folder.interpreted && folder.testdata !== undefined && (settings.kinds?.test(basename(folder.identity.home)) ?? true));
  for (const folder of folders) {
    const kind = basename(folder.identity.home);
    const byOperation = new Map<InterpreterOperation, InterpreterCase[]>();
    for (const input of casesOf(folder.testdata!)) byOperation.set(input.operation, [...(byOperation.get(input.operation) ?? []), input]);
    for (const [operation, cases] of byOperation) {
      // Plans from every case of the operation (its cases show different parts), the bounded few picked from them.
      const plans: { plan: Plan; body: Body; case: string }[] = [];
      for (const input of cases) {
        const body = clone(interpreterContextFor(interpretInputOf(input)).context) as unknown as Body;
        let record: ReadRecord;
        try {
          record = (await readsOf(body)).record;
        } catch {
          continue;
        }
        for (const plan of plansOf(body, record)) plans.push({ plan, body, case: input.name });
      }
      // JSON.parse alone of a body of `{}` items costs what any read of them would, and more RSS than any other
      // shape: where the operation reads no list, such a list rides in a field it never reads.
      if (!plans.some(({ plan }) => plan.shape === 'list of {}') && plans.length > 0) {
        const unread: Segment[] = ['object', 'benchWorstUnread'];
        plans.unshift({
          ...plans[0]!,
          plan: {
            shape: 'list of {}',
            path: unread,
            grow: (request, bytes) => {
              const list: JsonValue[] = [];
              append(list, {}, Math.floor(bytes / 3));
              setAt(request, unread, list);
            },
          },
        });
      }
      const chosen = pick(plans.map(({ plan }) => plan), settings.candidates).map((plan) => plans.find((entry) => entry.plan === plan)!);
      let worst: { candidate: Candidate; cpuMs: number; plan: Plan; body: Body } | undefined;
      for (const { plan, body, case: name } of chosen) {
        const rawBody = grown(body, plan, Math.min(settings.screenBytes, settings.bodyBytes));
        const { cpuMs } = await cpuOf(rawBody);
        if (worst === undefined || cpuMs > worst.cpuMs) worst = { candidate: { kind, operation, case: name, shape: plan.shape, path: pathText(plan.path), rawBody }, cpuMs, plan, body };
      }
      if (worst === undefined) {
        log(`  ${kind} ${operation}: no candidates (its reads could not be recorded on any of its ${cases.length} cases): NOT MEASURED`);
        continue;
      }
      // Ranked at the screening size; the worst grown to the full size for the held figures.
      if (settings.screenBytes < settings.bodyBytes) worst.candidate.rawBody = grown(worst.body, worst.plan, settings.bodyBytes);
      screened.push({ kind, operation, candidates: chosen.length, worst: worst.candidate, screenCpuMs: worst.cpuMs });
      log(`  ${kind} ${operation}: ${chosen.length} candidates, worst ${worst.candidate.shape} at ${worst.candidate.path} (${worst.cpuMs.toFixed(0)} ms in process at ${(Math.min(settings.screenBytes, settings.bodyBytes) / 1e6).toFixed(1)} MB)`);
    }
  }
  return screened;
}

export interface WorstFigures extends WorstChildFigures {
  kind: string;
  operation: InterpreterOperation;
  case: string;
  shape: CandidateShape;
  path: string;
  bodyBytes: number;
  candidates: number;
  screenCpuMs: number;
}

const scratch = () => {
  const dir = join(tmpdir(), 'karmada-bench-worst');
  mkdirSync(dir, { recursive: true });
  return dir;
};

/** Each worst body in a fresh process (bench/worst-child.ts): CPU of the call, peak RSS, the answer. */
export function measureFresh(screened: Screened[], log: (line: string) => void): WorstFigures[] {
  const dir = scratch();
  return screened.map((entry) => {
    const file = join(dir, `${entry.worst.kind}-${entry.worst.operation}.json`);
    writeFileSync(file, entry.worst.rawBody);
    const child = spawnSync(process.execPath, ['--import', 'tsx', worstChild, file], { cwd: projectRoot, env: benchEnv('ERROR'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 * 1024 * 1024 });
    if (child.status !== 0) throw new Error(`worst-child ${entry.worst.kind} ${entry.worst.operation} exited ${child.status}: ${child.stderr.slice(0, 2000)}`);
    const figures = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as WorstChildFigures;
    log(`  ${entry.kind} ${entry.operation}: ${figures.cpuMs.toFixed(0)} ms CPU, ${figures.maxRssMb.toFixed(0)} MB peak RSS, answer ${figures.code}`);
    const { rawBody, ...where } = entry.worst;
    return { ...where, ...figures, bodyBytes: Buffer.byteLength(rawBody), candidates: entry.candidates, screenCpuMs: entry.screenCpuMs };
  });
}

export interface HealthzFigures {
  /** Each worst body as the server answered it: its wall time and the server process's CPU over it. */
  bodies: { kind: string; operation: InterpreterOperation; bodyBytes: number; status: number; wallMs: number; serverCpuMs: number }[];
  polls: number;
  failedPolls: number;
  maxMs: number;
  p99Ms: number;
  p50Ms: number;
  rssMb: { fresh: number; idle: number; peak: number; highWater: number; settled: number; settleSeconds: number };
  /** The idle and settled RSS in anonymous memory and in file-backed pages (the node binary's code, reclaimable). */
  rssKindsMb: { idleAnon: number; idleFile: number; settledAnon: number; settledFile: number };
}

const rssOf = (pid: number, field: 'VmRSS' | 'VmHWM' | 'RssAnon' | 'RssFile'): number => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match === null ? Number.NaN : Number(match[1]) / 1024;
};
/** The process's CPU so far (utime + stime from /proc/<pid>/stat), in ms. */
const cpuMsOf = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
};
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

/**
 * The local server as `npm start` runs it: idle RSS after one small request per kind sent, then the worst bodies one
 * after another while GET /healthz is polled every 20 ms, then RSS `settleSeconds` later.
 */
export async function measureHealthz(worst: WorstFigures[], screened: Screened[], settings: WorstSettings, log: (line: string) => void): Promise<HealthzFigures> {
  const server = await startLocalServer({ baseEnv: benchEnv('ERROR'), quiet: true, timeoutMs: 30_000 });
  try {
    const pid = server.process.pid!;
    const fresh = rssOf(pid, 'VmRSS');
    const top = [...worst].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, settings.serverBodies);
    const bodies = top.map((figures) => ({ figures, rawBody: screened.find((s) => s.kind === figures.kind && s.operation === figures.operation)!.worst.rawBody }));
    // Idle: the server warmed with each kind's own small case (its code loaded), then 2 s with nothing to do.
    for (const { figures } of bodies) {
      const input = casesOf(kindFolders().find((folder) => basename(folder.identity.home) === figures.kind)!.testdata!).find((c) => c.operation === figures.operation)!;
      await request(`${server.url}/interpreter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(interpreterContextFor(interpretInputOf(input)).context) });
    }
    await sleep(2000);
    const idle = rssOf(pid, 'VmRSS');
    const [idleAnon, idleFile] = [rssOf(pid, 'RssAnon'), rssOf(pid, 'RssFile')];
    let peak = idle;
    let loading = true;
    const latencies: number[] = [];
    let failedPolls = 0;
    const poller = (async () => {
      while (loading) {
        const started = performance.now();
        try {
          const answer = await request(`${server.url}/healthz`, { timeoutMs: 5000 });
          if (answer.status !== 200) failedPolls++;
        } catch {
          failedPolls++;
        }
        const took = performance.now() - started;
        latencies.push(took);
        peak = Math.max(peak, rssOf(pid, 'VmRSS'));
        await sleep(Math.max(0, 20 - took));
      }
    })();
    await sleep(100);
    const sent: HealthzFigures['bodies'] = [];
    for (const { figures, rawBody } of bodies) {
      const started = performance.now();
      const cpuBefore = cpuMsOf(pid);
      const answer = await request(`${server.url}/interpreter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: rawBody, timeoutMs: 30_000 });
      const wallMs = performance.now() - started;
      const serverCpuMs = cpuMsOf(pid) - cpuBefore;
      sent.push({ kind: figures.kind, operation: figures.operation, bodyBytes: Buffer.byteLength(rawBody), status: answer.status, wallMs, serverCpuMs });
      log(`  POST ${figures.kind} ${figures.operation} (${(rawBody.length / 1e6).toFixed(2)} MB): HTTP ${answer.status} in ${wallMs.toFixed(0)} ms, server CPU ${serverCpuMs.toFixed(0)} ms (incl. its /healthz answers)`);
    }
    await sleep(100);
    loading = false;
    await poller;
    const highWater = rssOf(pid, 'VmHWM');
    log(`  settling ${settings.settleSeconds} s...`);
    await sleep(settings.settleSeconds * 1000);
    const settled = rssOf(pid, 'VmRSS');
    const [settledAnon, settledFile] = [rssOf(pid, 'RssAnon'), rssOf(pid, 'RssFile')];
    return {
      bodies: sent,
      polls: latencies.length,
      failedPolls,
      maxMs: Math.max(...latencies),
      p99Ms: percentile(latencies, 99),
      p50Ms: percentile(latencies, 50),
      rssMb: { fresh, idle, peak: Math.max(peak, rssOf(pid, 'VmRSS')), highWater, settled, settleSeconds: settings.settleSeconds },
      rssKindsMb: { idleAnon, idleFile, settledAnon, settledFile },
    };
  } finally {
    await server.stop('SIGTERM', 3000);
  }
}

export const defaultBodyBytes = maxBodyBytes - 100 * 1024;

type Held = (figure: string, value: string, target: Target) => Target;

/** The section as `npm run bench -- worst` runs it: settings from the environment, tables, targets, worst.json. */
export async function runWorst(held: Held, numberSetting: (name: string, fallback: number) => number, resultsDir: string, header: Record<string, unknown>): Promise<unknown> {
  const settings: WorstSettings = {
    candidates: Math.max(1, numberSetting('BENCH_WORST_CANDIDATES', 4)),
    serverBodies: Math.max(1, numberSetting('BENCH_WORST_SERVER_BODIES', 10)),
    settleSeconds: numberSetting('BENCH_WORST_SETTLE_SECONDS', 60),
    bodyBytes: numberSetting('BENCH_WORST_BODY_BYTES', defaultBodyBytes),
    screenBytes: numberSetting('BENCH_WORST_SCREEN_BYTES', 2_000_000),
    ...(process.env.BENCH_WORST_KINDS ? { kinds: new RegExp(process.env.BENCH_WORST_KINDS) } : {}),
  };
  const log = (line: string) => console.log(line);
  const started = performance.now();
  console.log(`\nworst bodies: up to ${settings.candidates} candidates per kind × operation, each grown to ${(Math.min(settings.screenBytes, settings.bodyBytes) / 1e6).toFixed(2)} MB at a path the operation reads and ranked by the CPU of one in-process call; the worst then grown to ${(settings.bodyBytes / 1e6).toFixed(2)} MB...`);
  const screened = await screen(settings, log);
  const screenSeconds = (performance.now() - started) / 1000;
  console.log(`\nworst bodies: each of the ${screened.length} in a fresh process (node --import tsx bench/worst-child.ts)...`);
  const worst = measureFresh(screened, log);
  const freshSeconds = (performance.now() - started) / 1000 - screenSeconds;
  const byCpu = [...worst].sort((a, b) => b.cpuMs - a.cpuMs);
  const answerText = (f: WorstFigures) => (f.successful ? `${f.code} successful` : `${f.code}${f.message ? ` ${f.message.slice(0, 40)}` : ''}`);
  printTable(
    `Worst body per kind × operation (most CPU of ${settings.candidates} candidates each), one dispatcher call in a fresh process: CPU of the call, peak RSS of the process (maxRSS; before the call: import + body read)`,
    ['kind', 'operation', 'worst body', 'body', 'CPU', 'CPU target', 'peak RSS', 'before call', 'RSS target', 'answer', 'answer size', 'answer target'],
    byCpu.map((f) => [
      f.kind,
      f.operation,
      `${f.shape} at ${f.path}`.slice(0, 80),
      `${(f.bodyBytes / 1e6).toFixed(2)} MB`,
      ms(f.cpuMs),
      held(`worst ${f.kind} ${f.operation}: CPU`, ms(f.cpuMs), atMost(f.cpuMs, 1000, '≤ 1 s CPU')),
      `${f.maxRssMb.toFixed(0)} MB`,
      `${f.maxRssBeforeMb.toFixed(0)} MB`,
      held(`worst ${f.kind} ${f.operation}: peak RSS`, `${f.maxRssMb.toFixed(0)} MB`, atMost(f.maxRssMb, 200, '< 200 MB (256 MB with margin)')),
      answerText(f),
      `${(f.answerBytes / 1024).toFixed(1)} KB`,
      held(`worst ${f.kind} ${f.operation}: answer`, String(f.code), { text: 'no 5xx', pass: f.code < 500 && f.statusCode < 500 }),
    ]),
  );
  console.log(`\n/healthz under load: the local server (npm start's node arguments), the ${Math.min(settings.serverBodies, worst.length)} worst bodies by CPU one after another, GET /healthz every 20 ms; RSS ${settings.settleSeconds} s after...`);
  const healthz = await measureHealthz(worst, screened, settings, log);
  const { rssMb } = healthz;
  printTable(
    `/healthz while the worst bodies run on the local server (${healthz.polls} polls, ${healthz.failedPolls} failed), and its RSS (VmRSS; idle: after one small request per kind, 2 s quiet)`,
    ['figure', 'value', 'target'],
    [
      ['/healthz max', ms(healthz.maxMs), held('worst: /healthz max during the load', ms(healthz.maxMs), atMost(healthz.maxMs, 100, '≤ 100 ms'))],
      ['/healthz p99', ms(healthz.p99Ms), held('worst: /healthz p99 during the load', ms(healthz.p99Ms), atMost(healthz.p99Ms, 100, '≤ 100 ms'))],
      ['/healthz p50', ms(healthz.p50Ms), ''],
      ['worst bodies sent (HTTP status)', healthz.bodies.map((b) => b.status).join(' '), ''],
      ['server wall / CPU per body, max', `${ms(Math.max(...healthz.bodies.map((b) => b.wallMs)))} / ${ms(Math.max(...healthz.bodies.map((b) => b.serverCpuMs)))}`, ''],
      ['RSS fresh (MB)', rssMb.fresh.toFixed(1), ''],
      ['RSS idle before the load (MB)', rssMb.idle.toFixed(1), ''],
      ['RSS peak during the load (MB; sampled / VmHWM)', `${rssMb.peak.toFixed(1)} / ${rssMb.highWater.toFixed(1)}`, held('worst: server peak RSS (VmHWM)', `${rssMb.highWater.toFixed(0)} MB`, atMost(rssMb.highWater, 200, '< 200 MB (256 MB with margin)'))],
      [
        `RSS idle → ${rssMb.settleSeconds} s after, anonymous / file-backed (MB)`,
        `${healthz.rssKindsMb.idleAnon.toFixed(1)} → ${healthz.rssKindsMb.settledAnon.toFixed(1)} / ${healthz.rssKindsMb.idleFile.toFixed(1)} → ${healthz.rssKindsMb.settledFile.toFixed(1)}`,
        '',
      ],
      [`RSS ${rssMb.settleSeconds} s after the load (MB)`, `${rssMb.settled.toFixed(1)} (${((rssMb.settled / rssMb.idle - 1) * 100).toFixed(0)}% vs idle)`, held(`worst: server RSS ${rssMb.settleSeconds} s after the load`, `${((rssMb.settled / rssMb.idle - 1) * 100).toFixed(0)}% vs idle`, atMost(rssMb.settled, rssMb.idle * 1.2, 'within 20% of idle'))],
    ],
  );
  const totalSeconds = (performance.now() - started) / 1000;
  console.log(`worst section: ${totalSeconds.toFixed(0)} s (screening ${screenSeconds.toFixed(0)} s, fresh processes ${freshSeconds.toFixed(0)} s)`);
  const { kinds, ...rest } = settings;
  const out = { settings: { ...rest, kinds: kinds?.source }, seconds: { total: totalSeconds, screening: screenSeconds, fresh: freshSeconds }, bodies: worst, healthz };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'worst.json'), JSON.stringify({ ...header, worst: out }, null, 2) + '\n');
  console.log('results: bench/results/worst.json');
  return out;
}
