// `npm run bench:profile [-- <project dir>]`: where the local server's time goes on the small-body path. Starts
// `scripts/start.mjs` of the given checkout (default: this one) under `--cpu-prof` over HTTPS, sends InterpretReplica
// of the guide's Workload with autocannon (16 connections), stops it, and prints self time by area and the top
// functions. The raw profile stays in .build/profile/ for Chrome DevTools or speedscope.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from './artifacts';
import { typicalBody } from './bodies';
import { childEnv, stopChild } from './report';
import { freePort } from '../test/helpers/processes';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const checkout = resolve(process.argv[2] ?? projectRoot);
const seconds = Number(process.env.BENCH_PROFILE_SECONDS ?? 8);
const outDir = join(projectRoot, '.build/profile', new Date().toISOString().replace(/[:.]/g, '-'));
mkdirSync(outDir, { recursive: true });

const pki = mkdtempSync(join(tmpdir(), 'profile-pki-'));
spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', join(pki, 'tls.key'), '-out', join(pki, 'tls.crt'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
const port = await freePort();
const env = childEnv({ PORT: String(port), HOST: '127.0.0.1', TLS_CERT: join(pki, 'tls.crt'), TLS_KEY: join(pki, 'tls.key'), AWS_REGION: 'us-east-1' });
// Warm the checkout's own bundle cache first (a start that only builds), so the profile holds serving, not building.
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${outDir}`, 'scripts/start.mjs'], { cwd: checkout, env, stdio: ['ignore', 'ignore', 'inherit'] });
const url = `https://127.0.0.1:${port}/interpreter/interpret-replica`;
const body = JSON.stringify(typicalBody('InterpretReplica'));
for (let i = 0; ; i++) {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
    const ok = await new Promise<boolean>((done) => {
      const instance = autocannon({ url, method: 'POST', body, headers: { 'content-type': 'application/json' }, amount: 1, connections: 1, tlsOptions: { rejectUnauthorized: false } } as autocannon.Options, (error, result) => done(!error && result['2xx'] === 1));
      void instance;
    });
    if (ok) break;
  } catch {
    // not up yet
  }
  if (i > 300) throw new Error('the server did not answer');
  await new Promise((r) => setTimeout(r, 100));
}
const result = await new Promise<autocannon.Result>((done, fail) => {
  autocannon({ url, method: 'POST', body, headers: { 'content-type': 'application/json' }, connections: 16, duration: seconds, tlsOptions: { rejectUnauthorized: false } } as autocannon.Options, (error, r) => (error ? fail(error) : done(r)));
});
await stopChild(child, 10_000);
rmSync(pki, { recursive: true, force: true });

const file = readdirSync(outDir).find((name) => name.endsWith('.cpuprofile'));
if (file === undefined) throw new Error(`no profile written in ${outDir}`);
const profile = JSON.parse(readFileSync(join(outDir, file), 'utf8')) as { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[] };
const totalMs = (profile.endTime - profile.startTime) / 1000;
const perSampleMs = totalMs / profile.samples.length;

function areaOf({ functionName, url }: ProfileNode['callFrame']): string {
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'native (program)';
  if (/tls|crypto|_stream_wrap|net\.js|stream_base_commons/.test(url)) return 'node: TLS + sockets';
  if (/_http_|node:http|node:https|internal\/http/.test(url)) return 'node: HTTP';
  if (/^node:internal\/(streams|events)|node:events|node:stream/.test(url)) return 'node: streams/events';
  if (/\.build\/local-server/.test(url)) {
    if (/^(stringify|parse)$/.test(functionName)) return 'JSON (from our code)';
    return 'our bundle';
  }
  if (/node_modules/.test(url)) return 'dependencies';
  if (functionName === 'stringify' || functionName === 'parse') return 'JSON';
  if (url === '') return `native: ${functionName || '(anonymous)'}`;
  return 'node: other';
}

const byArea = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const node of profile.nodes) {
  const selfMs = (node.hitCount ?? 0) * perSampleMs;
  if (selfMs === 0) continue;
  const area = areaOf(node.callFrame);
  byArea.set(area, (byArea.get(area) ?? 0) + selfMs);
  const where = node.callFrame.url.replace(/^.*\//, '');
  const key = `${node.callFrame.functionName || '(anonymous)'} ${where}${where ? `:${node.callFrame.lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + selfMs);
}
const busyMs = totalMs - (byArea.get('idle') ?? 0);
const requests = result.requests.total;
console.log(`checkout: ${checkout}`);
console.log(`${requests} requests in ${seconds} s (${Math.round(requests / seconds)} req/s), profile ${totalMs.toFixed(0)} ms, busy ${busyMs.toFixed(0)} ms → ${((busyMs * 1000) / requests).toFixed(1)} µs of server CPU per request`);
console.log('\nself time by area (% of busy time, µs per request):');
for (const [area, ms] of [...byArea].filter(([area]) => area !== 'idle').sort((a, b) => b[1] - a[1])) {
  console.log(`  ${area.padEnd(28)} ${((ms / busyMs) * 100).toFixed(1).padStart(5)}%  ${((ms * 1000) / requests).toFixed(1).padStart(6)} µs`);
}
console.log('\ntop functions by self time:');
for (const [name, ms] of [...byFunction].filter(([name]) => !name.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`  ${((ms / busyMs) * 100).toFixed(1).padStart(5)}%  ${name}`);
}
console.log(`\nprofile: ${join(outDir, file)}`);
