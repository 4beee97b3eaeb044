// `npm run bench -- anchor`: the local server (`npm start`) side by side with Karmada v1.17.1's own Go example webhook
// (examples/customresourceinterpreter/webhook), both over HTTPS with one throw-away certificate, one autocannon
// client, interleaved rounds. The Go example's metrics listener binds :8080 on every interface, so the whole
// measurement runs in a network namespace holding only loopback (`unshare -n`, root), client and both servers in it.
//
// Core for core (issue 28): with the client on the same cores as the server, the figure depends on how the scheduler
// shares them (Go turns client-bound and its idle Ps spin; one Node thread is helped by the spare core). So the run
// that is held pins each server to core 0 (`taskset -c 0`; Go with GOMAXPROCS=1) and the autocannon client to core
// 1; the same run unpinned (Go with its default GOMAXPROCS) is printed beside it, not held. On a 1-core machine only
// the unpinned run is made, and it is the one held.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from './artifacts';
import { aggregateStatusBody, typicalBody } from './bodies';
import { postJson } from '../test/support/http';
import { makeServerPki } from '../test/support/pki';
import { track } from '../test/support/processes';
import { startCommand, type Via } from '../test/support/server';
import { waitFor } from '../test/support/wait';
import { childEnv, median, percentile } from './report';
import { verifiedResponse } from '../lib/kit/answer';
import { uidOf } from '../lib/review/core';

export const anchorModuleDir = join(projectRoot, 'bench/anchor');
const goPackage = 'github.com/karmada-io/karmada/examples/customresourceinterpreter/webhook';
const cacheDir = process.env.BENCH_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'karmada-serverless-bench');

export interface AnchorCase {
  name: string;
  /** Our route for the operation; the Go example serves every operation on /interpreter-workload. */
  localPath: string;
  body: string;
  /** Every case is held to ≥ 1.1× the Go example's req/s (issue 18), with p50 and p99 at most Go's. */
  minRatio: number;
}

export function anchorCases(): AnchorCase[] {
  const body = (value: unknown) => JSON.stringify(value);
  return [
    { name: 'InterpretReplica (guide Workload)', localPath: '/interpreter/interpret-replica', body: body(typicalBody('InterpretReplica')), minRatio: 1.1 },
    { name: 'InterpretDependency (envFrom)', localPath: '/interpreter/interpret-dependency', body: body(typicalBody('InterpretDependency')), minRatio: 1.1 },
    { name: 'AggregateStatus, 3 clusters', localPath: '/interpreter/aggregate-status', body: body(typicalBody('AggregateStatus')), minRatio: 1.1 },
    { name: 'AggregateStatus, 1,000 clusters', localPath: '/interpreter/aggregate-status', body: body(aggregateStatusBody(1000)), minRatio: 1.1 },
  ];
}

/** Builds the Go example once per bench/anchor/go.sum (cached outside the repo; GOCACHE/GOMODCACHE are the shared defaults). */
export function goExampleBinary(log: (line: string) => void): string {
  const key = createHash('sha256').update(readFileSync(join(anchorModuleDir, 'go.mod'))).update(readFileSync(join(anchorModuleDir, 'go.sum'))).digest('hex').slice(0, 12);
  const binary = join(cacheDir, `karmada-example-webhook-${key}`);
  if (existsSync(binary)) return binary;
  mkdirSync(cacheDir, { recursive: true });
  log(`building Karmada's example webhook (${goPackage}) into ${binary} (first run: a few minutes)...`);
  const built = spawnSync('nice', ['go', 'build', '-trimpath', '-o', binary, goPackage], { cwd: anchorModuleDir, stdio: ['ignore', 'inherit', 'inherit'] });
  if (built.status !== 0) throw new Error(`go build of ${goPackage} failed (exit ${built.status})`);
  return binary;
}

interface Pki {
  dir: string;
  cert: string;
  key: string;
  /** The throw-away CA both servers' certificate is signed by: the client trusts it, and nothing else. */
  ca: Buffer;
  kubeconfig: string;
}

/** A throw-away CA and ECDSA certificate for 127.0.0.1 (tls.crt/tls.key, as the Go example's --cert-dir wants). */
function throwAwayPki(): Pki {
  const { dir, cert, key, ca } = makeServerPki(mkdtempSync(join(tmpdir(), 'anchor-pki-')));
  // The example only needs a kubeconfig to build its manager; nothing is ever asked of this API server.
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(kubeconfig, ['apiVersion: v1', 'kind: Config', 'clusters: [{name: none, cluster: {server: "https://127.0.0.1:1", insecure-skip-tls-verify: true}}]', 'users: [{name: none, user: {token: unused}}]', 'contexts: [{name: none, context: {cluster: none, user: none}}]', 'current-context: none', ''].join('\n'));
  return { dir, cert, key, ca: ca.pem, kubeconfig };
}

async function goodAnswer(port: number, path: string, body: string, ca: Buffer): Promise<boolean> {
  try {
    const { status, text } = await postJson(`https://127.0.0.1:${port}${path}`, body, { ca, timeoutMs: 1000 });
    // Verified as Karmada's webhook client verifies it (uid echoed, shape, patch type), then successful.
    return status === 200 && verifiedResponse(JSON.parse(text), uidOf(JSON.parse(body))).successful;
  } catch {
    return false;
  }
}

interface Server {
  name: string;
  child: ChildProcess;
  stop(): Promise<unknown>;
  port: number;
  /** The CA its certificate is signed by. */
  ca: Buffer;
  path(anchorCase: AnchorCase): string;
  /** Milliseconds from spawn to the first successful InterpretReplica answer. */
  startupMs: number;
}

let nextPort = 18443;

/** How the servers and the client share the cores: `pinned`, server on core 0 and client on core 1; `unpinned`, as the scheduler likes. */
export type Layout = 'pinned' | 'unpinned';

/** The server's core and the client's (issue 28): the first two the machine has. */
const serverCore = '0';
const clientCore = '1';

/** Pinning needs two cores and taskset; without them (a 1-core machine) only the unpinned layout is measured. */
export function pinningUnavailable(): string | undefined {
  if (availableParallelism() < 2) return `${availableParallelism()} core: server and client share it, pinning skipped`;
  if (spawnSync('taskset', ['-c', serverCore, 'true'], { stdio: 'ignore' }).status !== 0) return 'taskset (util-linux) is missing or cannot pin: pinning skipped';
  return undefined;
}

/** Moves every thread of this process (the autocannon client) to the client's core, or back to every core. */
function pinClient(layout: Layout): void {
  const cores = layout === 'pinned' ? clientCore : `0-${availableParallelism() - 1}`;
  const pinned = spawnSync('taskset', ['-a', '-p', '-c', cores, String(process.pid)], { stdio: 'ignore' });
  if (pinned.status !== 0 && layout === 'pinned') throw new Error(`taskset could not move the client (pid ${process.pid}) to core ${clientCore}`);
}

async function startServer(name: string, [command, args]: [string, string[]], env: NodeJS.ProcessEnv, port: number, path: (c: AnchorCase) => string, probe: AnchorCase, ca: Buffer, layout: Layout = 'unpinned'): Promise<Server> {
  const started = performance.now();
  // taskset execs the command: the pid is the server's (npm's for `npm start`, whose children inherit the core).
  const [executable, argv] = layout === 'pinned' ? ['taskset', ['-c', serverCore, command, ...args]] : [command, args];
  const running = track(spawn(executable, argv, { cwd: projectRoot, env, stdio: ['ignore', 'ignore', process.env.BENCH_ANCHOR_VERBOSE ? 'inherit' : 'ignore'], detached: false }));
  // Polled every 2 ms: start-up is one of the figures.
  await waitFor(`${name} to answer ${probe.name}`, async () => ((await goodAnswer(port, path(probe), probe.body, ca)) ? true : undefined), {
    timeoutMs: 60_000,
    intervalMs: 2,
    gone: () => (running.process.exitCode === null ? undefined : `${name} exited with ${running.process.exitCode}`),
  });
  return { name, child: running.process, stop: () => running.stop('SIGTERM', 3000), port, ca, path, startupMs: performance.now() - started };
}

function startGo(binary: string, pki: Pki, probe: AnchorCase, layout: Layout = 'unpinned'): Promise<Server> {
  const port = nextPort++;
  const args = [`--kubeconfig=${pki.kubeconfig}`, `--cert-dir=${pki.dir}`, '--bind-address=127.0.0.1', `--secure-port=${port}`];
  // Pinned: one P for the one core it has (Go would read the affinity mask too; said here so that it cannot drift).
  const env = childEnv(layout === 'pinned' ? { GOMAXPROCS: '1' } : { GOMAXPROCS: undefined });
  return startServer('Go example (Karmada v1.17.1)', [binary, args], env, port, () => '/interpreter-workload', probe, pki.ca, layout);
}

/** `BENCH_ANCHOR_WORKERS=2` runs the local server as `WORKERS=2 npm start` (node:cluster: both cores, more memory). */
export const anchorWorkers = process.env.BENCH_ANCHOR_WORKERS ?? '1';

/** `npm start`, as the README runs it, with the default log level (INFO: one line per call, like the Go example's klog). */
function startLocal(pki: Pki, probe: AnchorCase, command: Via = 'npm', layout: Layout = 'unpinned'): Promise<Server> {
  const port = nextPort++;
  const env = childEnv({ PORT: String(port), HOST: '127.0.0.1', TLS_CERT: pki.cert, TLS_KEY: pki.key, POWERTOOLS_LOG_LEVEL: undefined, POWERTOOLS_METRICS_DISABLED: undefined, AWS_REGION: process.env.AWS_REGION ?? 'us-east-1', WORKERS: anchorWorkers });
  const [executable, args, scriptEnv] = startCommand(command);
  return startServer(command === 'npm' ? 'local server (npm start)' : 'local server (node scripts/start.cjs)', [executable, args], { ...scriptEnv, ...env }, port, (c) => c.localPath, probe, pki.ca, layout);
}

/** A process and its descendants, minus npm and sh wrappers (they are not the server). */
function serverTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    } catch {
      // gone
    }
  }
  const tree: number[] = [];
  const visit = (p: number) => {
    const name = names.get(p) ?? '';
    if (!/^(npm|sh)/.test(name)) tree.push(p);
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/** Resident memory (MB) of the server processes: now (VmRSS), or the high-water mark since they started (VmHWM). */
function serverRssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  let totalKb = 0;
  for (const p of serverTree(pid)) {
    try {
      totalKb += Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return totalKb / 1024;
}

/** CPU time (user + system, ms) of a process and its descendants, skipping npm/sh wrappers. */
function serverCpuMs(pid: number): number {
  let ticks = 0;
  for (const p of serverTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return (ticks * 1000) / clockTicksPerSecond;
}

const clockTicksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

interface Run {
  /** Server CPU time per answered request: what the server spends, whatever else the machine runs. */
  cpuUsPerRequest: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

function load(server: Server, path: string, body: string, connections: number, seconds: number, keepLatencies: boolean): Promise<Run> {
  const latencies: number[] = [];
  const port = server.port;
  const cpuBefore = serverCpuMs(server.child.pid!);
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `https://127.0.0.1:${port}${path}`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections, duration: seconds, tlsOptions: { ca: server.ca } } as autocannon.Options,
      (error, result) => {
        if (error) return reject(error);
        resolve({
          cpuUsPerRequest: ((serverCpuMs(server.child.pid!) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
          requestsPerSecond: result.requests.total / seconds,
          p50Ms: keepLatencies ? percentile(latencies, 50) : result.latency.p50,
          p99Ms: keepLatencies ? percentile(latencies, 99) : result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
    if (keepLatencies) instance.on('response', (_client, _statusCode, _bytes, responseTime) => latencies.push(responseTime));
  });
}

export interface AnchorSettings {
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number[];
  startupRuns: number;
  /** Also run the unpinned layout (printed, not held). */
  unpinned: boolean;
}

export interface AnchorRow {
  case: string;
  connections: number;
  minRatio: number;
  go: Run;
  local: Run;
  /** Median over rounds of local ÷ Go req/s measured back to back. */
  ratio: number;
  roundRatios: number[];
}

/** One layout's side-by-side run: its own pair of servers, started for it. */
export interface LayoutRun {
  layout: Layout;
  rows: AnchorRow[];
  /** After: read at once when the last load ends; high-water: VmHWM of the server processes at that moment. */
  rssMb: { goIdle: number; localIdle: number; goAfter: number; localAfter: number; goSoon: number; localSoon: number; goSettled: number; localSettled: number; goHighWater: number; localHighWater: number };
}

export interface AnchorResult {
  settings: AnchorSettings;
  /** The run held to the targets: pinned, or unpinned when pinning is not possible here (`pinningSkipped` says why). */
  held: LayoutRun;
  /** The same run unpinned, printed beside the held one (absent when it is the held one, or BENCH_ANCHOR_UNPINNED=0). */
  unpinned?: LayoutRun;
  pinningSkipped?: string;
  startupMs: { go: number[]; npmStart: number[]; nodeStart: number[]; npmNoop: number[] };
  bodyBytes: Record<string, number>;
}

function medianRun(runs: Run[]): Run {
  return {
    cpuUsPerRequest: median(runs.map((r) => r.cpuUsPerRequest)),
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  };
}

/** npm's own start-up: `npm start` of a package whose start script is `node -e 0` (what any `npm start` costs). */
function npmNoopMs(): number {
  const dir = join(cacheDir, 'npm-noop');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'noop', private: true, scripts: { start: 'node -e 0' } }));
  const started = performance.now();
  spawnSync('npm', ['start', '--silent'], { cwd: dir, stdio: 'ignore', env: childEnv({}) });
  return performance.now() - started;
}

export async function measureAnchor(settings: AnchorSettings, log: (line: string) => void): Promise<AnchorResult> {
  const binary = goExampleBinary(log);
  const pki = throwAwayPki();
  const cases = anchorCases();
  const probe = cases[0]!;
  try {
    // Start-up, interleaved: spawn → first good InterpretReplica answer, each server alone (unpinned: one process
    // alone is not a share of the cores). BENCH_ANCHOR_STARTUP_RUNS=0 leaves it out.
    const startupMs: AnchorResult['startupMs'] = { go: [], npmStart: [], nodeStart: [], npmNoop: [] };
    log(`start-up: ${settings.startupRuns} rounds of Go example / npm start / node scripts/start.cjs / npm start of a no-op package...`);
    for (let round = 0; settings.startupRuns > 0 && round < settings.startupRuns + 1; round++) {
      const go = await startGo(binary, pki, probe);
      await go.stop();
      const npm = await startLocal(pki, probe, 'npm');
      await npm.stop();
      const node = await startLocal(pki, probe, 'node');
      await node.stop();
      const noop = npmNoopMs();
      if (round === 0) continue; // first round warms file caches (and builds anything `npm start` caches)
      startupMs.go.push(go.startupMs);
      startupMs.npmStart.push(npm.startupMs);
      startupMs.nodeStart.push(node.startupMs);
      startupMs.npmNoop.push(noop);
    }

    const pinningSkipped = pinningUnavailable();
    const layouts: Layout[] = pinningSkipped !== undefined ? ['unpinned'] : settings.unpinned ? ['pinned', 'unpinned'] : ['pinned'];
    const runs: LayoutRun[] = [];
    for (const layout of layouts) {
      log(`${layout}${layout === 'pinned' ? ` (servers on core ${serverCore}, Go with GOMAXPROCS=1, the client on core ${clientCore})` : ' (not held: as the scheduler shares the cores)'}:`);
      runs.push(await measureLayout(layout, binary, pki, cases, settings, log));
    }
    return { settings, held: runs[0]!, ...(runs[1] ? { unpinned: runs[1] } : {}), ...(pinningSkipped ? { pinningSkipped } : {}), startupMs, bodyBytes: Object.fromEntries(cases.map((c) => [c.name, Buffer.byteLength(c.body)])) };
  } finally {
    pinClient('unpinned');
    rmSync(pki.dir, { recursive: true, force: true });
  }
}

/** Both servers started for this layout, every case at every connection count in interleaved rounds, then RSS. */
async function measureLayout(layout: Layout, binary: string, pki: Pki, cases: AnchorCase[], settings: AnchorSettings, log: (line: string) => void): Promise<LayoutRun> {
  const probe = cases[0]!;
  const go = await startGo(binary, pki, probe, layout);
  const local = await startLocal(pki, probe, 'npm', layout);
  pinClient(layout);
  try {
    for (const c of cases) {
      if (!(await goodAnswer(go.port, go.path(c), c.body, pki.ca))) throw new Error(`the Go example does not answer ${c.name} successfully`);
      if (!(await goodAnswer(local.port, local.path(c), c.body, pki.ca))) throw new Error(`the local server does not answer ${c.name} successfully`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idle = { go: serverRssMb(go.child.pid!), local: serverRssMb(local.child.pid!) };
    const rows: AnchorRow[] = [];
    for (const connections of settings.connections) {
      for (const c of cases) {
        const runs = { go: [] as Run[], local: [] as Run[] };
        const roundRatios: number[] = [];
        for (const server of [go, local]) await load(server, server.path(c), c.body, connections, settings.warmupSeconds, false);
        for (let round = 0; round < settings.rounds; round++) {
          const order = round % 2 === 0 ? [go, local] : [local, go];
          const got = new Map<Server, Run>();
          for (const server of order) got.set(server, await load(server, server.path(c), c.body, connections, settings.seconds, true));
          runs.go.push(got.get(go)!);
          runs.local.push(got.get(local)!);
          roundRatios.push(got.get(local)!.requestsPerSecond / got.get(go)!.requestsPerSecond);
        }
        const row: AnchorRow = { case: c.name, connections, minRatio: c.minRatio, go: medianRun(runs.go), local: medianRun(runs.local), ratio: median(roundRatios), roundRatios };
        rows.push(row);
        log(`  ${layout}: ${c.name}, ${connections} connections: Go ${Math.round(row.go.requestsPerSecond)} req/s, local ${Math.round(row.local.requestsPerSecond)} req/s, ${row.ratio.toFixed(2)}× (rounds ${roundRatios.map((r) => r.toFixed(2)).join(' ')}); p50 Go ${row.go.p50Ms.toFixed(2)} / local ${row.local.p50Ms.toFixed(2)} ms, p99 Go ${row.go.p99Ms.toFixed(2)} / local ${row.local.p99Ms.toFixed(2)} ms; server CPU per request Go ${row.go.cpuUsPerRequest.toFixed(0)} µs, local ${row.local.cpuUsPerRequest.toFixed(0)} µs`);
      }
    }
    const after = { go: serverRssMb(go.child.pid!), local: serverRssMb(local.child.pid!) };
    const highWater = { go: serverRssMb(go.child.pid!, 'VmHWM'), local: serverRssMb(local.child.pid!, 'VmHWM') };
    // 100 ms on: the local server collects when its last client has gone (idle-collector.ts); the requests it had
    // already read when the client left are answered first (64 of 1,000 clusters: ~65 ms of work).
    await new Promise((resolve) => setTimeout(resolve, 100));
    const soon = { go: serverRssMb(go.child.pid!), local: serverRssMb(local.child.pid!) };
    // And once both have been idle for a second: what each gives back after a burst (Go's runtime and ours both
    // free memory when idle; the reading "at once" holds whatever garbage the last load left).
    await new Promise((resolve) => setTimeout(resolve, 900));
    const settled = { go: serverRssMb(go.child.pid!), local: serverRssMb(local.child.pid!) };
    return {
      layout,
      rows,
      rssMb: { goIdle: idle.go, localIdle: idle.local, goAfter: after.go, localAfter: after.local, goSoon: soon.go, localSoon: soon.local, goSettled: settled.go, localSettled: settled.local, goHighWater: highWater.go, localHighWater: highWater.local },
    };
  } finally {
    await go.stop();
    await local.stop();
  }
}

/** Whether this process already runs in a network namespace of its own (set by the re-exec below). */
export const inPrivateNetwork = process.env.BENCH_PRIVATE_NETWORK === '1';

/** Re-runs `node <script> anchor` inside `unshare -n` with loopback up; undefined when that cannot be done here. */
export function privateNetworkCommand(): string[] | undefined {
  const probe = spawnSync('unshare', ['-n', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' });
  if (probe.status !== 0) return undefined;
  return ['unshare', '-n', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh'];
}
