// Local server (`npm start`'s scripts/start.mjs) vs a bare node:http echo server: same body, same autocannon settings.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { projectRoot } from './artifacts';
import { benchEnv } from './cold';
import { freePort } from '../test/helpers/processes';
import { percentile, stopChild, waitForHttp } from './report';

const bareServer = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));
const startScript = fileURLToPath(new URL('../scripts/start.mjs', import.meta.url));

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
  child: ChildProcess;
  base: string;
}

/** Starts a server script on a free port with stdout sent to /dev/null; waits until it answers. */
async function startServer(args: string[], logLevel: 'WARN' | 'INFO', readyPath: string): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: { ...benchEnv(logLevel), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}${readyPath}`, child);
  return { child, base };
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
  // The local server runs exactly as `npm start` runs it (package.json: node --enable-source-maps scripts/start.mjs).
  const args = kind === 'bare' ? [bareServer] : ['--enable-source-maps', startScript];
  const server = await startServer(args, logLevel, kind === 'bare' ? '/' : '/healthz');
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
    await stopChild(server.child);
  }
}
