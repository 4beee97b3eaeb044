// Every process the e2e starts: one log file each, its own process group, and all stopped on success, failure or Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sleep, waitFor as poll } from '../../support/wait';

export { freePort } from '../../support/ports';
export { sleep };

export interface Started {
  name: string;
  log: string;
  child: ChildProcess;
  /** Set once the process has exited: its code or the signal that ended it. */
  exit?: string;
}

export interface StartOptions {
  env?: Record<string, string>;
  cwd?: string;
}

export class ComponentError extends Error {
  override readonly name = 'ComponentError';
}

export class Supervisor {
  private readonly running = new Map<string, Started>();

  constructor(readonly logDir: string) {}

  /** Starts `command args` with stdout and stderr appended to `<logDir>/<name>.log`. */
  start(name: string, command: string, args: readonly string[], options: StartOptions = {}): Started {
    if (this.running.has(name)) throw new Error(`${name} is already running`);
    const log = join(this.logDir, `${name}.log`);
    const fd = openSync(log, 'a');
    const child = spawn(command, [...args], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', fd, fd],
      // Its own process group, so `npm start` and its node child stop together and Ctrl-C reaches us first.
      detached: true,
    });
    closeSync(fd);
    const started: Started = { name, log, child };
    child.once('exit', (code, signal) => (started.exit = signal ?? `exit code ${code}`));
    child.once('error', (error) => (started.exit = `failed to start: ${error.message}`));
    this.running.set(name, started);
    return started;
  }

  get(name: string): Started {
    const started = this.running.get(name);
    if (started === undefined) throw new Error(`${name} was not started`);
    return started;
  }

  isRunning(name: string): boolean {
    const started = this.running.get(name);
    return started !== undefined && started.exit === undefined;
  }

  /**
   * SIGTERM to the process group, SIGKILL after `graceMs`; returns when every process of the group is gone. The group
   * leader (`npm`) exits before its `node` child has closed its connections: waiting for the leader alone let a
   * "stopped" webhook answer Karmada for up to two more seconds.
   */
  async stop(name: string, graceMs = 10_000): Promise<void> {
    const started = this.running.get(name);
    if (started === undefined) return;
    this.running.delete(name);
    const pid = started.child.pid;
    if (pid === undefined || !groupAlive(pid)) return;
    signalGroup(pid, 'SIGTERM');
    const deadline = Date.now() + graceMs;
    while (groupAlive(pid)) {
      if (Date.now() > deadline) {
        signalGroup(pid, 'SIGKILL');
        break;
      }
      await sleep(50);
    }
    for (let waited = 0; groupAlive(pid) && waited < 5_000; waited += 50) await sleep(50);
  }

  /** Stops in reverse start order (clients before the servers they talk to). */
  async stopAll(): Promise<void> {
    for (const name of [...this.running.keys()].reverse()) await this.stop(name);
  }

  /** Last resort on process exit: no waiting possible, so SIGKILL whatever is left. */
  killAllNow(): void {
    for (const started of this.running.values()) {
      if (started.exit === undefined && started.child.pid !== undefined) signalGroup(started.child.pid, 'SIGKILL');
    }
    this.running.clear();
  }

  names(): string[] {
    return [...this.running.keys()];
  }
}

/** Whether a live (not zombie) process of the group led by `pid` is left, read from /proc (Linux). */
function groupAlive(pid: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so read after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (pgrp === String(pid) && state !== 'Z' && state !== 'X') return true;
  }
  return false;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

export function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).map((line) => `    | ${line.slice(0, 400)}`).join('\n');
  } catch {
    return '    (no log)';
  }
}

/**
 * Polls `probe` until it returns a value other than undefined. On timeout (or if `component` exits) the error names
 * the component, what was awaited, the last problem seen and the component's log file.
 */
export function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  options: { timeoutMs: number; component?: Started; intervalMs?: number },
): Promise<T> {
  const component = options.component;
  return poll(what, probe, {
    timeoutMs: options.timeoutMs,
    intervalMs: options.intervalMs ?? 500,
    error: ComponentError,
    gone: () => (component?.exit === undefined ? undefined : `${component.name} exited (${component.exit})`),
    details: () => (component ? `; ${component.name}'s log is ${component.log}:\n${tail(component.log)}` : ''),
  });
}
