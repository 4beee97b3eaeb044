// The local server as `npm start` runs it: started on loopback, waited for, stopped. Tests and benchmarks start it
// only through here, with the node arguments read from package.json's start script, so they never drift from it.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { request } from './http';
import { freePort } from './ports';
import { track, type Running } from './processes';
import { waitFor } from './wait';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

const startScript = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
const startWords = startScript.trim().split(/\s+/);
const nodeWord = startWords.indexOf('node');
if (nodeWord === -1 || !startWords.includes('scripts/start.cjs')) throw new Error(`package.json's start script is not a node command: ${startScript}`);

/** `exec node <these> …` in package.json's start script: the node options and the entry script. */
export const startNodeArgs: readonly string[] = startWords.slice(nodeWord + 1);

/** `NAME=value … exec node …` in package.json's start script: the environment it gives node (glibc's malloc settings). */
export const startScriptEnv: Readonly<Record<string, string>> = Object.fromEntries(
  startWords.slice(0, nodeWord).flatMap((word) => {
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(word);
    return assignment ? [[assignment[1]!, assignment[2]!]] : [];
  }),
);

/** `npm start` itself (npm, its script shell, node), or the node command it runs. */
export type Via = 'npm' | 'node';

/** The command, and what the start script adds to the environment (npm's shell adds it itself). */
export function startCommand(via: Via): [command: string, args: string[], scriptEnv: Readonly<Record<string, string>>] {
  return via === 'npm' ? ['npm', ['start', '--silent'], {}] : [process.execPath, [...startNodeArgs], startScriptEnv];
}

export interface StartOptions {
  /** Added to `baseEnv` (undefined removes a variable). PORT defaults to 0 (any free port), HOST to 127.0.0.1. */
  env?: Record<string, string | undefined>;
  /** The environment to start from (default: this process's). */
  baseEnv?: NodeJS.ProcessEnv;
  via?: Via;
  /**
   * stdout to /dev/null (a benchmark must not pay for a pipe of log lines), stderr inherited: the server is ready
   * when GET /healthz answers, on PORT or a free port chosen here.
   */
  quiet?: boolean;
  /** The CA that signed TLS_CERT, for the readiness probe of a quiet HTTPS server. */
  ca?: string | Buffer;
  timeoutMs?: number;
  /** The checkout to serve (default: this one); a scratch copy (support/scratch.ts) serves its own sources. */
  root?: string;
}

export interface LocalServer extends Running {
  /** Scheme, host and port, e.g. http://127.0.0.1:41234. */
  url: string;
  port: number;
}

function environment(options: StartOptions, port: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...(options.baseEnv ?? process.env), PORT: port, HOST: '127.0.0.1' };
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

export async function startLocalServer(options: StartOptions = {}): Promise<LocalServer> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const port = options.env?.PORT ?? (options.quiet ? String(await freePort()) : '0');
  const [command, args, scriptEnv] = startCommand(options.via ?? 'node');
  const env = { ...scriptEnv, ...environment(options, port) };
  const child = spawn(command, args, { cwd: options.root ?? projectRoot, env, stdio: ['ignore', options.quiet ? 'ignore' : 'pipe', options.quiet ? 'inherit' : 'pipe'] });
  const running = track(child);
  try {
    if (!options.quiet) {
      const [, url, bound] = await running.waitForOutput(/listening on (https?:\/\/127\.0\.0\.1:(\d+))/, timeoutMs);
      return { ...running, url: url!, port: Number(bound) };
    }
    const url = `${env.TLS_CERT ? 'https' : 'http'}://127.0.0.1:${port}`;
    await waitFor(`the local server to answer GET ${url}/healthz`, async () => ((await request(`${url}/healthz`, { ca: options.ca, timeoutMs: 1000 })).status === 200 ? true : undefined), {
      timeoutMs,
      intervalMs: 50,
      gone: () => (child.exitCode === null ? undefined : `the local server exited (${child.exitCode})`),
    });
    return { ...running, url, port: Number(port) };
  } catch (error) {
    await running.stop('SIGKILL');
    throw error;
  }
}

/** Runs the local server to its end (it refuses to start, or is expected to): its exit code and output. */
export function runLocalServer(options: Pick<StartOptions, 'env' | 'via'> & { timeoutMs?: number } = {}): { status: number | null; stdout: string; stderr: string } {
  const [command, args, scriptEnv] = startCommand(options.via ?? 'node');
  const run = spawnSync(command, args, { cwd: projectRoot, env: { ...scriptEnv, ...environment(options, options.env?.PORT ?? '0') }, encoding: 'utf8', timeout: options.timeoutMs ?? 30_000 });
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr.trim() };
}
