// Linux's process table (/proc) as the test support reads it: what a process started (to stop it all), when a
// process started (a pid can be reused: a process is its pid AND its start), its working folder and environment.
// Without /proc (macOS) every list is empty: what is built on it does nothing there.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** A process as the system knows it: its pid, and when it started (clock ticks after boot), so never another one. */
export interface ProcessId {
  pid: number;
  started: number;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** When `pid` started, in clock ticks after boot (field 22 of /proc/<pid>/stat); undefined when it is gone. */
export function startOf(pid: number): number | undefined {
  const stat = read(`/proc/${pid}/stat`);
  // The command name (field 2) is in parentheses and may hold spaces: count the fields after its closing one.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  const started = fields?.[19];
  return started === undefined ? undefined : Number(started);
}

export function processId(pid: number): ProcessId | undefined {
  const started = startOf(pid);
  return started === undefined ? undefined : { pid, started };
}

/** The processes `pid` started that still run, all of its threads' children. */
function childrenOf(pid: number): number[] {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return threads.flatMap((thread) => (read(`/proc/${pid}/task/${thread}/children`) ?? '').split(' ').filter((child) => child.trim() !== '').map(Number));
}

/** Everything `pid` started, and what those started, now: npm's shell and node, a primary's workers. */
export function descendantsOf(pid: number): ProcessId[] {
  return childrenOf(pid).flatMap((child) => {
    const id = processId(child);
    return id === undefined ? [] : [id, ...descendantsOf(child)];
  });
}

/** Sends `signal` to the process if it is still the one that started then (its pid not reused since). */
export function signal(id: ProcessId, name: NodeJS.Signals): void {
  if (startOf(id.pid) !== id.started) return;
  try {
    process.kill(id.pid, name);
  } catch {
    // Gone meanwhile: nothing to stop.
  }
}

export interface ProcessEntry extends ProcessId {
  /** Its arguments, joined by spaces (what `pgrep -f` matches). */
  commandLine: string;
  /** Its working folder; " (deleted)" ends it when the folder is gone. */
  cwd: string | undefined;
  /** Its environment, read only when asked for. */
  environment(): string[];
}

/** Every process whose command line matches `pattern` (as `pgrep -f`), but this one. */
export function processesMatching(pattern: RegExp): ProcessEntry[] {
  let pids: number[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return [];
  }
  return pids.flatMap((pid) => {
    const commandLine = read(`/proc/${pid}/cmdline`)?.split('\0').join(' ').trim();
    const started = startOf(pid);
    if (pid === process.pid || commandLine === undefined || started === undefined || !pattern.test(commandLine)) return [];
    let cwd: string | undefined;
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      cwd = undefined;
    }
    return [{ pid, started, commandLine, cwd, environment: () => (read(`/proc/${pid}/environ`) ?? '').split('\0') }];
  });
}
