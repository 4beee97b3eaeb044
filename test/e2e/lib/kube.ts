// A minimal JSON client for one API server (bearer token, our CA), plus kubeconfig files for Karmada's components and kubectl.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { request } from '../../support/http';

export interface ApiServer {
  name: string;
  url: string;
  token: string;
  caFile: string;
  /** A kubeconfig with one context named after the server. */
  kubeconfig: string;
}

export class KubeError extends Error {
  override readonly name = 'KubeError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(message);
  }
}

export type KubeObject = Record<string, unknown> & {
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string>; resourceVersion?: string; generation?: number };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
};

export class Kube {
  private readonly agent: Agent;

  constructor(readonly server: ApiServer) {
    this.agent = new Agent({ ca: readFileSync(server.caFile), keepAlive: true, maxSockets: 4 });
  }

  async call(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<KubeObject> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const answer = await request(new URL(path, this.server.url), {
      method,
      agent: this.agent,
      timeoutMs: 15_000,
      headers: {
        Authorization: `Bearer ${this.server.token}`,
        Accept: 'application/json',
        ...(payload === undefined ? {} : { 'Content-Type': contentType }),
      },
      ...(payload === undefined ? {} : { body: payload }),
    }).catch((error: Error) => {
      throw new Error(`${this.server.name}: ${method} ${path}: ${error.message}`);
    });
    const { status, text } = answer;
    if (status >= 200 && status < 300) {
      try {
        return text === '' ? {} : (JSON.parse(text) as KubeObject);
      } catch {
        return { text }; // /readyz, /healthz answer plain text
      }
    }
    let message = text.slice(0, 300);
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // Not JSON: keep the text.
    }
    throw new KubeError(`${this.server.name}: ${method} ${path}: HTTP ${status}: ${message}`, status, text);
  }

  get(path: string): Promise<KubeObject> {
    return this.call('GET', path);
  }

  /** The object, or undefined when it does not exist (yet). */
  async find(path: string): Promise<KubeObject | undefined> {
    try {
      return await this.get(path);
    } catch (error) {
      if (error instanceof KubeError && error.status === 404) return undefined;
      throw error;
    }
  }

  create(path: string, object: unknown): Promise<KubeObject> {
    return this.call('POST', path, object);
  }

  mergePatch(path: string, patch: unknown): Promise<KubeObject> {
    return this.call('PATCH', path, patch, 'application/merge-patch+json');
  }

  async delete(path: string): Promise<void> {
    try {
      await this.call('DELETE', path);
    } catch (error) {
      if (!(error instanceof KubeError && error.status === 404)) throw error;
    }
  }

  close(): void {
    this.agent.destroy();
  }
}

export function writeKubeconfig(file: string, servers: readonly ApiServer[], current: string): void {
  const lines = ['apiVersion: v1', 'kind: Config', `current-context: ${current}`, 'clusters:'];
  for (const server of servers) lines.push(`- name: ${server.name}`, '  cluster:', `    server: ${server.url}`, `    certificate-authority: ${server.caFile}`);
  lines.push('users:');
  for (const server of servers) lines.push(`- name: ${server.name}`, '  user:', `    token: ${server.token}`);
  lines.push('contexts:');
  for (const server of servers) lines.push(`- name: ${server.name}`, '  context:', `    cluster: ${server.name}`, `    user: ${server.name}`);
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion (kubectl, npm run webhook-config); never throws for a non-zero exit. */
export function run(command: string, args: readonly string[], options: { input?: string; env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      [...args],
      { cwd: options.cwd, env: { ...process.env, ...options.env }, timeout: options.timeoutMs ?? 120_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof (error as { code?: unknown }).code !== 'number') return reject(new Error(`${command} ${args.join(' ')}: ${error.message}`));
        resolve({ code: error ? Number((error as { code?: number }).code) : 0, stdout: String(stdout), stderr: String(stderr) });
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Like run, but a non-zero exit is an error naming the command and its stderr. */
export async function mustRun(command: string, args: readonly string[], options: Parameters<typeof run>[2] = {}): Promise<string> {
  const result = await run(command, args, options);
  if (result.code !== 0) throw new Error(`${[command, ...args].join(' ')} exited ${result.code}: ${result.stderr.trim().slice(-2000)}`);
  return result.stdout;
}
