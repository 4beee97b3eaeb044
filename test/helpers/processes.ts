// Child processes tests start and always stop: the local server (`npm start`'s entry) and a local Secrets Manager.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface Running {
  process: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<number | null>;
}

function track(child: ChildProcess): Running {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

async function waitFor(running: Running, pattern: RegExp, timeoutMs = 20_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = running.output().match(pattern);
    if (match) return match;
    if (running.process.exitCode !== null) throw new Error(`process exited ${running.process.exitCode}: ${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${pattern}: ${running.output()}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface LocalServer extends Running {
  url: string;
}

/** Starts `node scripts/start.mjs` (what `npm start` runs) on a free loopback port. */
export async function startLocalServer(env: Record<string, string> = {}): Promise<LocalServer> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = track(child);
  const [, url] = await waitFor(running, /listening on (https?:\/\/127\.0\.0\.1:\d+)/);
  return { ...running, url: url! };
}

export const hasMotoServer = spawnSync('moto_server', ['--help'], { stdio: 'ignore' }).status === 0;

export interface Moto extends Running {
  endpoint: string;
}

/** Starts moto's AWS API server (Secrets Manager included) on a free loopback port. */
export async function startMoto(): Promise<Moto> {
  const port = await freePort();
  const child = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const running = track(child);
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await fetch(`${endpoint}/moto-api/`);
      return { ...running, endpoint };
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`moto_server did not start: ${running.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** SDK settings for a local endpoint: a region, dummy credentials and no instance metadata look-ups. */
export function localAwsEnv(endpoint: string): Record<string, string> {
  return {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'testing',
    AWS_SECRET_ACCESS_KEY: 'testing',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoint,
  };
}
