// Local server (`npm start`'s scripts/start.cjs) vs a bare node:http echo server: same body, same autocannon settings.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { projectRoot } from './artifacts';
import { benchEnv } from './cold';
import { request } from '../test/support/http';
import { freePort } from '../test/support/ports';
import { track } from '../test/support/processes';
import { startLocalServer } from '../test/support/server';
import { waitFor } from '../test/support/wait';
import { percentile } from './report';

const bareServer = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));

export interface ServerFigures {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  path: string;
  body: string;
}

interface Started {
  base: string;
  stop(): Promise<unknown>;
}

/** The bare server on a free port, stdout to /dev/null; ready when it answers. */
async function startBare(logLevel: 'WARN' | 'INFO'): Promise<Started> {
  const port = await freePort();
  const bare = track(spawn(process.execPath, [bareServer], { cwd: projectRoot, env: { ...benchEnv(logLevel), PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] }));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`the bare server to answer ${base}/`, async () => ((await request(`${base}/`, { timeoutMs: 1000 })).status > 0 ? true : undefined), {
    timeoutMs: 30_000,
    gone: () => (bare.process.exitCode === null ? undefined : `the bare server exited (${bare.process.exitCode})`),
  });
  return { base, stop: () => bare.stop('SIGTERM', 3000) };
}

/** The local server exactly as `npm start` runs it (its node arguments from package.json), stdout to /dev/null. */
async function startLocal(logLevel: 'WARN' | 'INFO'): Promise<Started> {
  const local = await startLocalServer({ baseEnv: benchEnv(logLevel), quiet: true, timeoutMs: 30_000 });
  return { base: local.url, stop: () => local.stop('SIGTERM', 3000) };
}

/** One autocannon run; per-response latencies (float ms: autocannon's own histogram keeps whole ms) go to `latencies`. */
export function run(base: string, settings: LoadSettings, durationSeconds: number, latencies?: number[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}${settings.path}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: settings.body,
        connections: settings.connections,
        duration: durationSeconds,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (latencies) instance.on('response', (_client, _statusCode, _bytes, responseTime) => latencies.push(responseTime));
  });
}

export async function measureServer(name: string, kind: 'local' | 'bare', logLevel: 'WARN' | 'INFO', settings: LoadSettings): Promise<ServerFigures> {
  const server = kind === 'bare' ? await startBare(logLevel) : await startLocal(logLevel);
  try {
    if (settings.warmupSeconds > 0) await run(server.base, settings, settings.warmupSeconds);
    const latencies: number[] = [];
    const result = await run(server.base, settings, settings.durationSeconds, latencies);
    return {
      name,
      requestsPerSecond: result.requests.average,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      requests: result.requests.total,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    };
  } finally {
    await server.stop();
  }
}
