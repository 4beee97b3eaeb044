// `npm run bench [-- cold auth warm kinds server anchor hostile worst]` (hostile, worst and anchor only when named): every figure
// is a ratio to a baseline measured side by side in the same run. Prints one table per section and writes everything to
// bench/results/latest.json (anchor: anchor.json).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { anchorWorkers, goExampleBinary, inPrivateNetwork, measureAnchor, privateNetworkCommand, type AnchorRow, type AnchorSettings } from './anchor';
import { emptyBundle, functionBundles, projectRoot, type Bundle, type Bundles } from './artifacts';
import { measureAuth, type AuthResult } from './auth';
import { typicalBody } from './bodies';
import { benchEnv, figuresOf, measureCold, type ColdFigures } from './cold';
import { measureKinds, type KindsSettings, type Spread, type StartFigures } from './kinds';
import { atLeast, atMost, kb, median, ms, printTable, ratio, us, type Target } from './report';
import { measureServer, type LoadSettings, type ServerFigures } from './server';
import { measureWarm } from './warm';
import type { WarmFigures } from './warm-child';

const sections = new Set(process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['cold', 'auth', 'warm', 'kinds', 'server']);
const numberSetting = (name: string, fallback: number) => (process.env[name] !== undefined ? Number(process.env[name]) : fallback);
const resultsDir = join(projectRoot, 'bench/results');

// The anchor runs in a network namespace of its own (the Go example's metrics listener binds :8080 on every interface):
// this script re-runs itself there for that section alone.
if (sections.has('anchor') && !inPrivateNetwork) {
  const wrapper = privateNetworkCommand();
  if (wrapper === undefined) {
    console.error('anchor: needs `unshare -n` (root, or user namespaces) to keep the Go example\'s :8080 metrics listener off other interfaces; skipped');
    process.exitCode = 1;
  } else {
    // Built here, where the Go module proxy is reachable: the private network has no route to it.
    try {
      goExampleBinary((line) => console.log(line));
    } catch (error) {
      console.error(`anchor: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    const [command, ...args] = [...wrapper, process.execPath, '--import', 'tsx', process.argv[1]!, 'anchor'];
    const child = spawnSync(command!, args, { stdio: 'inherit', env: { ...process.env, BENCH_PRIVATE_NETWORK: '1' } });
    if (child.status !== 0) process.exitCode = child.status ?? 1;
  }
  sections.delete('anchor');
  if (sections.size === 0) process.exit();
}
const coldRuns = Math.max(20, numberSetting('BENCH_COLD_RUNS', 21));
const warmMs = numberSetting('BENCH_WARM_MS', 1000);
const warmRepeats = Math.max(1, numberSetting('BENCH_WARM_REPEATS', 3));
const infoRows = process.env.BENCH_INFO_ROWS !== '0';
const kindsSettings: KindsSettings = {
  kinds: numberSetting('BENCH_KINDS', 30),
  runs: Math.max(10, numberSetting('BENCH_KINDS_RUNS', 15)),
  repeats: Math.max(1, numberSetting('BENCH_KINDS_REPEATS', 3)),
  warmMs: numberSetting('BENCH_KINDS_WARM_MS', 1000),
};
const serverSettings: LoadSettings = {
  connections: numberSetting('BENCH_CONNECTIONS', 10),
  durationSeconds: numberSetting('BENCH_SERVER_SECONDS', 10),
  warmupSeconds: numberSetting('BENCH_SERVER_WARMUP_SECONDS', 3),
  path: '/interpreter/interpret-replica?timeout=10s',
  body: JSON.stringify(typicalBody('InterpretReplica')),
};

const targets: { figure: string; value: string; target: Target }[] = [];
function held(figure: string, value: string, target: Target): Target {
  targets.push({ figure, value, target });
  return target;
}

const startedAt = new Date();
const loadAtStart = loadavg();
console.log(`karmada-interpreter benchmarks — ${startedAt.toISOString()}, node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`);
console.log(`load average at start: ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} (figures are ratios to baselines measured side by side; compare ratios, not absolutes)`);
if (!sections.has('anchor')) console.log('handlers and servers under benchmark run with POWERTOOLS_METRICS_DISABLED=true POWERTOOLS_LOG_LEVEL=WARN; rows marked "INFO log + metrics" write every call\'s line to /dev/null');

const results: Record<string, unknown> = {
  startedAt: startedAt.toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  loadAverageAtStart: loadAtStart,
  environment: { POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'WARN' },
  settings: { coldRuns, warmMs, kinds: kindsSettings, server: { ...serverSettings, body: `${serverSettings.body.length} bytes (typical InterpretReplica)` } },
};

if (sections.has('anchor')) {
  await runAnchor();
  process.exit();
}

// The deployed artifacts (packaged first when they are older than the sources) for the sections that measure them;
// the kinds section builds its own and needs only the empty bundle.
const bundles: Bundles = ['cold', 'auth', 'warm'].some((section) => sections.has(section))
  ? await functionBundles((line) => console.log(line))
  : { source: 'none (only the kinds section, which builds its own)', functions: [], empty: await emptyBundle() };
results.bundleSource = bundles.source;
console.log(`function bundles: ${bundles.source}`);

if (sections.has('cold')) {
  console.log(`\ncold import: ${coldRuns} fresh node processes per bundle (+2 warm-up rounds), interleaved...`);
  const all: Bundle[] = [bundles.empty, ...bundles.functions];
  const samples = measureCold(all, coldRuns, benchEnv());
  const empty = figuresOf(samples.get(bundles.empty)!);
  const rows = all.map((bundle) => {
    const figures: ColdFigures = figuresOf(samples.get(bundle)!);
    const isEmpty = bundle === bundles.empty;
    // Paired: each round starts every bundle back to back, so the median of the rounds' ratios leaves out what the
    // rest of the machine did between rounds (a ratio of medians does not).
    const emptyWalls = samples.get(bundles.empty)!.wallMs;
    const wallRatio = median(samples.get(bundle)!.wallMs.map((wall, round) => wall / emptyWalls[round]!));
    return {
      bundle,
      figures,
      wallRatio,
      importDeltaMs: figures.importMedianMs - empty.importMedianMs,
      sizeTarget: isEmpty ? undefined : held(`${bundle.name}: bundle size`, kb(bundle.bytes), atMost(bundle.bytes, 150 * 1024, '≤ 150 KB')),
      coldTarget: isEmpty ? undefined : held(`${bundle.name}: cold import`, ratio(wallRatio), atMost(wallRatio, 1.1, '≤ 1.1× empty')),
    };
  });
  printTable(
    'Cold import (fresh node process: start, import the bundle, exit) vs the empty bundle',
    ['bundle', '.mjs', 'gzip', 'zip', 'size target', 'wall p50', 'wall p90', '× empty (paired)', 'cold target', 'import() p50', 'import Δ vs empty'],
    rows.map((row) => [
      row.bundle.name,
      kb(row.bundle.bytes),
      kb(row.bundle.gzipBytes),
      row.bundle.zipBytes === undefined ? '' : kb(row.bundle.zipBytes),
      row.sizeTarget,
      ms(row.figures.wallMedianMs),
      ms(row.figures.wallP90Ms),
      ratio(row.wallRatio),
      row.coldTarget,
      ms(row.figures.importMedianMs),
      row.bundle === bundles.empty ? '' : `+${ms(row.importDeltaMs)}`,
    ]),
  );
  results.cold = rows.map(({ bundle, figures, wallRatio, importDeltaMs, sizeTarget, coldTarget }) => ({
    name: bundle.name,
    bytes: bundle.bytes,
    gzipBytes: bundle.gzipBytes,
    zipBytes: bundle.zipBytes,
    ...figures,
    wallRatioToEmpty: wallRatio,
    importDeltaMs,
    sizePass: sizeTarget?.pass,
    coldPass: coldTarget?.pass,
  }));
}

if (sections.has('auth')) {
  console.log(`\nauth path: SDK import + first GetSecretValue against moto_server, and the dispatcher's first call with and without protection, ${coldRuns} fresh processes each...`);
  const dispatcher = bundles.functions.find((bundle) => bundle.name === 'dispatcher')!;
  const auth: AuthResult = await measureAuth(bundles.empty, dispatcher, coldRuns, benchEnv());
  if ('skipped' in auth) console.log(`auth path: SKIPPED — ${auth.skipped}`);
  else {
    printTable(
      'Auth path extra cold cost (reported separately; no target): fresh process importing the SDK and reading one secret from moto on loopback',
      ['figure', 'value'],
      [
        ['wall p50, SDK import + first read', ms(auth.wallMedianMs)],
        ['wall p50, empty bundle (same rounds)', ms(auth.emptyWallMedianMs)],
        ['extra cold cost (difference)', `+${ms(auth.extraMs)}`],
        ['  of which SDK import() p50', ms(auth.importMedianMs)],
        ['  of which first GetSecretValue p50 (client setup, signing, HTTP to loopback)', ms(auth.firstReadMedianMs)],
        ['dispatcher bundle, cold start + first call, protected (AUTH_SECRET_ID, token route) p50', ms(auth.dispatcher.protectedWallMedianMs)],
        ['dispatcher bundle, cold start + first call, unprotected p50', ms(auth.dispatcher.unprotectedWallMedianMs)],
        ['extra cold cost of protection in the real handler (difference)', `+${ms(auth.dispatcher.extraMs)}`],
        ['  first call alone, protected / unprotected p50', `${ms(auth.dispatcher.protectedFirstCallMedianMs)} / ${ms(auth.dispatcher.unprotectedFirstCallMedianMs)}`],
      ],
    );
  }
  results.auth = auth;
}

if (sections.has('warm')) {
  console.log(`\nwarm handler: floor = JSON.stringify(JSON.parse(body)) of the same body, interleaved with the handler in ~2 ms batches for ${warmMs} ms per case...`);
  // Each setting runs in several fresh processes, one after the other (BENCH_WARM_REPEATS): the table gives each row's
  // median ratio over them, held to the target, and the spread (lowest–highest) beside it.
  const repeated = async (options: Parameters<typeof measureWarm>[1]): Promise<WarmFigures[][]> => {
    const runs: WarmFigures[][] = [];
    for (let i = 0; i < warmRepeats; i++) runs.push(await measureWarm(bundles.functions, options));
    return runs;
  };
  const warmRuns = await repeated({ timeMs: warmMs, logLevel: 'WARN' });
  const infoRuns = infoRows ? await repeated({ timeMs: warmMs, logLevel: 'INFO', metrics: true }) : [];
  const combine = (runs: WarmFigures[][], info: boolean) =>
    (runs[0] ?? []).map((first, index) => {
      const ratios = runs.map((run) => run[index]!.ratio);
      const middle = runs[ratios.indexOf([...ratios].sort((a, b) => a - b)[Math.floor((ratios.length - 1) / 2)]!)]![index]!;
      return { ...middle, name: info ? `${first.name}, INFO log + metrics` : first.name, info, ratio: median(ratios), ratios };
    });
  const rows = [...combine(warmRuns, false), ...combine(infoRuns, true)];
  printTable(
    `Warm handler (the function bundle's handler, API Gateway v2 event in, result out) vs the floor; × floor = median over interleaved batch pairs, then the median of ${warmRepeats} fresh processes (spread: lowest–highest)`,
    ['operation', 'body', 'floor p50', 'floor p99 batch', 'handler p50', 'handler p99 batch', '× floor', 'spread', 'p99 ×', 'target'],
    rows.map((row) => {
      const meanRatio = row.ratio;
      const target = row.info
        ? held(`warm ${row.name}`, ratio(meanRatio), atMost(meanRatio, 1.3, '≤ 1.3× floor'))
        : held(`warm ${row.name}`, ratio(meanRatio), atMost(meanRatio, 2, '≤ 2× floor'));
      return [row.name, kb(row.bodyBytes), us(row.floor.p50Ms), us(row.floor.p99Ms), us(row.handler.p50Ms), us(row.handler.p99Ms), ratio(meanRatio), `${ratio(Math.min(...row.ratios))}–${ratio(Math.max(...row.ratios))}`, ratio(row.handler.p99Ms / row.floor.p99Ms), target];
    }),
  );
  results.warm = rows.map((row) => ({ ...row, p99Ratio: row.handler.p99Ms / row.floor.p99Ms }));
}

// Start-up flat in the number of kinds: every function built from the repository as it is and from a scratch copy
// with kinds generated up to BENCH_KINDS (bench/kinds.ts), side by side with the empty bundle.
if (sections.has('kinds')) {
  const { kinds, runs, repeats } = kindsSettings;
  console.log(`\nkinds: every function with today's kinds and with ${kinds} (generated in a scratch copy, built with esbuild.config.cjs)...`);
  const figures = await measureKinds(kindsSettings, bundles.empty, benchEnv(), (line) => console.log(line));
  const [today, scaled] = figures.variants as [(typeof figures.variants)[0], (typeof figures.variants)[0]];
  const spread = (value: Spread, format: (n: number) => string) => `${format(value.median)} (${format(value.low)}–${format(value.high)})`;
  const startRows = (map: Map<unknown, StartFigures>, hold: boolean) =>
    today.bundles.map((todayBundle, index) => {
      const scaledBundle = scaled.bundles[index]!;
      const before = map.get(todayBundle)!;
      const after = map.get(scaledBundle)!;
      // Held on CPU time: what a Lambda init at a fraction of a vCPU pays, and what other work on this machine moves
      // far less than wall time (docs/adr/0013-kinds-at-start-up.md).
      const target = hold ? held(`${scaledBundle.name} with ${scaled.kinds} kinds: cold import CPU`, ratio(after.cpu.median), atMost(after.cpu.median, 1.1, '≤ 1.1× empty (CPU)')) : undefined;
      return [
        todayBundle.name,
        `${kb(todayBundle.startBytes)} / ${kb(scaledBundle.startBytes)}`,
        `${kb(scaledBundle.totalBytes)} in ${scaledBundle.files}`,
        spread(before.wall, ratio),
        spread(after.wall, ratio),
        spread(before.cpu, ratio),
        spread(after.cpu, ratio),
        `${ms(before.cpuDeltaMs.median)} / ${ms(after.cpuDeltaMs.median)}`,
        target,
      ];
    });
  const header = ['function', `start KB ${today.kinds} / ${scaled.kinds}`, `all files ${scaled.kinds}`, `wall × empty, ${today.kinds}`, `wall × empty, ${scaled.kinds}`, `CPU × empty, ${today.kinds}`, `CPU × empty, ${scaled.kinds}`, `CPU Δ ${today.kinds} / ${scaled.kinds}`, 'target'];
  const about = `× empty: per round paired with the empty bundle, median of ${runs} rounds, then the median of ${repeats} repeats (lowest–highest repeat); start KB: the bundle and what it imports statically`;
  printTable(`Cold import with ${today.kinds} kinds (today) and ${scaled.kinds} kinds: fresh node process, import the function's bundle, exit. ${about}`, header, startRows(figures.cold, true));
  printTable(`Cold start + first call (a typical Workload), ${today.kinds} and ${scaled.kinds} kinds, no target: what the first request of an instance waits for. ${about}`, header, startRows(figures.firstCall, false));
  printTable(
    `Warm per-call cost with ${scaled.kinds} kinds ÷ today's ${today.kinds} (both builds in one process, alternating ~2 ms batches; median over batch pairs, median of ${repeats} processes, lowest–highest)`,
    ['case', `per call, ${today.kinds} kinds`, `per call, ${scaled.kinds} kinds`, `${scaled.kinds} ÷ ${today.kinds}`, 'target'],
    figures.warm.map((row) => [row.name, us(row.todayUs / 1000), us(row.scaledUs / 1000), spread(row.ratio, ratio), held(`warm ${row.name} with ${scaled.kinds} kinds`, ratio(row.ratio.median), atMost(row.ratio.median, 1.05, '≤ 1.05× today'))]),
  );
  const startJson = (map: Map<unknown, StartFigures>) => [today, scaled].map((variant) => ({ variant: variant.name, functions: variant.bundles.map((bundle) => ({ name: bundle.name, startBytes: bundle.startBytes, totalBytes: bundle.totalBytes, files: bundle.files, ...map.get(bundle)! })) }));
  results.kinds = { settings: kindsSettings, cold: startJson(figures.cold), firstCall: startJson(figures.firstCall), warm: figures.warm };
}

if (sections.has('server')) {
  const { connections, durationSeconds, warmupSeconds } = serverSettings;
  console.log(`\nlocal server vs bare node:http: autocannon, ${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s each, POST ${serverSettings.path}...`);
  // Interleaved rounds (BENCH_SERVER_ROUNDS, order alternating), each server started afresh: the share is the median
  // of the rounds' local ÷ bare, so that what else the machine does lands on both alike.
  const serverRounds = Math.max(1, numberSetting('BENCH_SERVER_ROUNDS', 3));
  const byName = new Map<string, ServerFigures[]>();
  const shares: number[] = [];
  const infoShares: number[] = [];
  for (let round = 0; round < serverRounds; round++) {
    const order: [string, 'bare' | 'local', 'WARN' | 'INFO'][] = [['bare node:http (parse + echo)', 'bare', 'WARN'], ['local server (npm start)', 'local', 'WARN']];
    if (infoRows) order.push(['local server, INFO logging', 'local', 'INFO']);
    if (round % 2 === 1) order.reverse();
    const got = new Map<string, ServerFigures>();
    for (const [name, kind, level] of order) got.set(name, await measureServer(name, kind, level, serverSettings));
    for (const [name, figures] of got) byName.set(name, [...(byName.get(name) ?? []), figures]);
    const bareRate = got.get('bare node:http (parse + echo)')!.requestsPerSecond;
    shares.push(got.get('local server (npm start)')!.requestsPerSecond / bareRate);
    if (infoRows) infoShares.push(got.get('local server, INFO logging')!.requestsPerSecond / bareRate);
  }
  const medianFigures = (runs: ServerFigures[]): ServerFigures => ({
    name: runs[0]!.name,
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    requests: runs.reduce((n, r) => n + r.requests, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  });
  const figuresOf = (name: string) => medianFigures(byName.get(name)!);
  const rows: ServerFigures[] = [figuresOf('bare node:http (parse + echo)'), figuresOf('local server (npm start)'), ...(infoRows ? [figuresOf('local server, INFO logging')] : [])];
  const shareOf = (row: ServerFigures) => (row.name === 'local server (npm start)' ? median(shares) : row.name === 'local server, INFO logging' ? median(infoShares) : 1);
  const spreadOf = (row: ServerFigures) => {
    const list = row.name === 'local server (npm start)' ? shares : row.name === 'local server, INFO logging' ? infoShares : [];
    return list.length === 0 ? '' : `${list.map((v) => `${(v * 100).toFixed(0)}%`).join(' ')}`;
  };
  printTable(
    `Local server throughput and latency on loopback vs a bare node:http server (median of ${serverRounds} interleaved rounds; % of bare: median of the rounds' ratios)`,
    ['server', 'req/s', 'p50', 'p99', 'requests', 'errors', 'non-2xx', '% of bare', 'rounds', 'target'],
    rows.map((row) => {
      const share = shareOf(row);
      const target = row.name === 'local server (npm start)' ? held('local server req/s', `${(share * 100).toFixed(0)}%`, atLeast(share, 0.85, '≥ 85% of bare')) : undefined;
      return [row.name, row.requestsPerSecond, ms(row.p50Ms), ms(row.p99Ms), row.requests, row.errors, row.non2xx, `${(share * 100).toFixed(0)}%`, spreadOf(row), target ?? ''];
    }),
  );
  results.server = { rows, shares, infoShares };
}

// Opt-in (`npm run bench -- hostile`): issue 7's attackers' bodies, CPU of one in-process dispatcher call each.
if (sections.has('hostile')) {
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  const { measureHostile, printHostile } = await import('./hostile');
  const figures = await measureHostile();
  printHostile(figures);
  for (const f of figures) held(`hostile: ${f.name}`, ms(f.cpuMs), atMost(f.cpuMs, 1000, '≤ 1 s CPU'));
  results.hostile = figures;
}

// Opt-in (`npm run bench -- worst`): the worst body up to 6 MB per kind × operation (bench/worst.ts), its CPU and peak
// RSS in a fresh process, and the local server's /healthz while the worst bodies run. Writes bench/results/worst.json.
if (sections.has('worst')) {
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  const { runWorst } = await import('./worst');
  results.worst = await runWorst(held, numberSetting, resultsDir, { ...results, startedAt: startedAt.toISOString() });
}

const loadAtEnd = loadavg();
results.loadAverageAtEnd = loadAtEnd;
results.targets = targets.map(({ figure, value, target }) => ({ figure, value, target: target.text, pass: target.pass }));
const missed = targets.filter((t) => !t.target.pass);
console.log(`\ntargets: ${targets.length - missed.length} of ${targets.length} met${missed.length > 0 ? `; MISS: ${missed.map((t) => `${t.figure} ${t.value} (${t.target.text})`).join('; ')}` : ''}`);
console.log(`load average at end: ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')}`);
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'latest.json'), JSON.stringify(results, null, 2) + '\n');
console.log(`results: bench/results/latest.json`);

async function runAnchor(): Promise<void> {
  const settings: AnchorSettings = {
    rounds: numberSetting('BENCH_ANCHOR_ROUNDS', 3),
    seconds: numberSetting('BENCH_ANCHOR_SECONDS', 5),
    warmupSeconds: numberSetting('BENCH_ANCHOR_WARMUP_SECONDS', 2),
    connections: (process.env.BENCH_ANCHOR_CONNECTIONS ?? '16,64').split(',').map(Number),
    startupRuns: numberSetting('BENCH_ANCHOR_STARTUP_RUNS', 5),
    unpinned: process.env.BENCH_ANCHOR_UNPINNED !== '0',
  };
  console.log(`\nanchor: local server (${anchorWorkers === '1' ? 'npm start' : `WORKERS=${anchorWorkers} npm start`}, default INFO logging) vs Karmada v1.17.1's Go example webhook, HTTPS, one autocannon client, ${settings.rounds} interleaved rounds of ${settings.seconds} s per case at ${settings.connections.join(' and ')} connections; held: core for core (each server on core 0, Go with GOMAXPROCS=1, the client on core 1)${settings.unpinned ? ', then the same run unpinned (not held)' : ''}`);
  const anchor = await measureAnchor(settings, (line) => console.log(line));
  if (anchor.pinningSkipped !== undefined) console.log(`\nanchor: ${anchor.pinningSkipped}; the unpinned run is the one held`);
  const heldName = anchor.pinningSkipped === undefined ? 'pinned, core for core' : 'unpinned (pinning skipped)';
  const rowCells = (row: AnchorRow, target: Target | string) => [row.case, row.connections, row.go.requestsPerSecond, row.local.requestsPerSecond, ratio(row.ratio), ms(row.go.p50Ms), ms(row.local.p50Ms), ms(row.go.p99Ms), ms(row.local.p99Ms), us(row.go.cpuUsPerRequest / 1000), us(row.local.cpuUsPerRequest / 1000), `${row.go.errors + row.local.errors}/${row.go.non2xx + row.local.non2xx}`, target];
  const columns = ['case', 'conns', 'Go req/s', 'local req/s', 'local ÷ Go', 'Go p50', 'local p50', 'Go p99', 'local p99', 'CPU/req Go', 'CPU/req local', 'errors/non-2xx', 'target'];
  printTable(
    `Side by side with the Go example, ${heldName}: HELD (req/s and latency: median of rounds; ratio: median of per-round local ÷ Go)`,
    columns,
    anchor.held.rows.map((row) => {
      const rate = atLeast(row.ratio, row.minRatio, `≥ ${row.minRatio.toFixed(1)}× Go`);
      const p50 = atMost(row.local.p50Ms, row.go.p50Ms, 'p50 ≤ Go');
      const p99 = atMost(row.local.p99Ms, row.go.p99Ms, 'p99 ≤ Go');
      held(`anchor ${row.case} @${row.connections}: req/s`, ratio(row.ratio), rate);
      held(`anchor ${row.case} @${row.connections}: p50`, `${ms(row.local.p50Ms)} vs ${ms(row.go.p50Ms)}`, p50);
      held(`anchor ${row.case} @${row.connections}: p99`, `${ms(row.local.p99Ms)} vs ${ms(row.go.p99Ms)}`, p99);
      return rowCells(row, { text: `${rate.text}, ${p50.text}, ${p99.text}`, pass: rate.pass && p50.pass && p99.pass });
    }),
  );
  const unpinned = anchor.unpinned;
  if (unpinned !== undefined) {
    printTable(
      'The same run unpinned (servers and client wherever the scheduler puts them; Go with its default GOMAXPROCS): NOT HELD',
      columns,
      unpinned.rows.map((row) => rowCells(row, 'not held')),
    );
  }
  const { rssMb } = anchor.held;
  const { startupMs } = anchor;
  const rssRatio = rssMb.localAfter / rssMb.goAfter;
  const highWaterRatio = rssMb.localHighWater / rssMb.goHighWater;
  const startup = { go: median(startupMs.go), npm: median(startupMs.npmStart), node: median(startupMs.nodeStart), noop: median(startupMs.npmNoop) };
  const startupRows: (string | number | Target)[][] =
    startupMs.go.length === 0
      ? []
      : [
          ['start-up, `npm start`', ms(startup.go), ms(startup.npm), ratio(startup.npm / startup.go), held('anchor start-up (npm start)', ratio(startup.npm / startup.go), atMost(startup.npm / startup.go, 4, '≤ 4× Go'))],
          ['start-up, `node scripts/start.cjs` (what npm start runs)', ms(startup.go), ms(startup.node), ratio(startup.node / startup.go), atMost(startup.node / startup.go, 4, '≤ 4× Go (not held: npm start is)')],
          ["npm's own cost: `npm start` of a `node -e 0` package", '', ms(startup.noop), '', ''],
        ];
  printTable(
    `Memory (${heldName} run${unpinned ? '; unpinned beside it, not held' : ''}) and start-up (spawn → first successful InterpretReplica answer over HTTPS, median, unpinned)`,
    ['figure', 'Go example', 'local server', 'local ÷ Go', 'target'],
    [
      ['RSS idle, after first answers (MB)', rssMb.goIdle, rssMb.localIdle, ratio(rssMb.localIdle / rssMb.goIdle), ''],
      ['RSS after the run (MB; server processes, not npm)', rssMb.goAfter, rssMb.localAfter, ratio(rssRatio), held('anchor RSS after the run', ratio(rssRatio), atMost(rssRatio, 1.5, '≤ 1.5× Go'))],
      ['RSS 100 ms after the run (MB)', rssMb.goSoon, rssMb.localSoon, ratio(rssMb.localSoon / rssMb.goSoon), ''],
      ['RSS 1 s after the run, both idle (MB)', rssMb.goSettled, rssMb.localSettled, ratio(rssMb.localSettled / rssMb.goSettled), ''],
      ['RSS high-water mark (VmHWM, MB)', rssMb.goHighWater, rssMb.localHighWater, ratio(highWaterRatio), held('anchor RSS high-water', ratio(highWaterRatio), atMost(highWaterRatio, 2, '≤ 2× Go'))],
      ...(unpinned
        ? [
            ['unpinned: RSS after the run (MB)', unpinned.rssMb.goAfter, unpinned.rssMb.localAfter, ratio(unpinned.rssMb.localAfter / unpinned.rssMb.goAfter), 'not held'],
            ['unpinned: RSS high-water mark (MB)', unpinned.rssMb.goHighWater, unpinned.rssMb.localHighWater, ratio(unpinned.rssMb.localHighWater / unpinned.rssMb.goHighWater), 'not held'],
          ]
        : []),
      ...startupRows,
    ],
  );
  const missed = targets.filter((t) => !t.target.pass);
  console.log(`\nanchor targets: ${targets.length - missed.length} of ${targets.length} met${missed.length > 0 ? `; MISS: ${missed.map((t) => `${t.figure} ${t.value} (${t.target.text})`).join('; ')}` : ''}`);
  const loadAtEnd = loadavg();
  console.log(`load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}, at end ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')}`);
  mkdirSync(resultsDir, { recursive: true });
  const out = { ...results, loadAverageAtEnd: loadAtEnd, anchor, targets: targets.map(({ figure, value, target }) => ({ figure, value, target: target.text, pass: target.pass })) };
  writeFileSync(join(resultsDir, 'anchor.json'), JSON.stringify(out, null, 2) + '\n');
  console.log('results: bench/results/anchor.json');
}
