// Child processes tests and benchmarks start: their output kept for assertions and failure messages, and always stopped.
import type { ChildProcess } from 'node:child_process';
import { descendantsOf, signal as signalProcess, type ProcessId } from './process-table';
import { waitFor } from './wait';

/** Output beyond this is dropped from the front: a long load run's log lines must not grow the harness. */
const keptOutputChars = 1 << 20;

export interface Running {
  process: ChildProcess;
  /** What the process printed so far (stdout and stderr, when piped), up to the last 1 MB. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects when the process exits first or on timeout. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited(): Promise<number | string>;
  /**
   * SIGTERM (or `signal`), SIGKILL after `graceMs`; resolves with the exit code or signal once the process has exited
   * and everything it started is stopped too (npm's node, a primary's workers: a killed npm leaves its node running).
   */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | string>;
}

export function track(child: ChildProcess): Running {
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 2 * keptOutputChars) output = output.slice(-keptOutputChars);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let exit: number | string | undefined;
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve((exit = code ?? signal ?? 'unknown')));
    child.once('error', (error) => resolve((exit = `failed to start: ${error.message}`)));
  });
  return {
    process: child,
    output: () => output,
    waitForOutput: (pattern, timeoutMs = 30_000) =>
      waitFor(`output matching ${pattern}`, () => output.match(pattern) ?? undefined, {
        timeoutMs,
        intervalMs: 20,
        gone: () => (exit === undefined ? undefined : `the process exited (${exit})`),
        details: () => `; output:\n${output.slice(-4000)}`,
      }),
    exited: () => exited,
    async stop(signal = 'SIGTERM', graceMs = 5_000) {
      // Read before any signal: once the child is gone, what it started belongs to init and can no longer be found.
      const started = new Map<number, ProcessId>();
      const note = () => {
        if (exit === undefined && child.pid !== undefined) for (const id of descendantsOf(child.pid)) started.set(id.pid, id);
      };
      note();
      if (exit === undefined) child.kill(signal);
      const timer = setTimeout(() => {
        note();
        child.kill('SIGKILL');
      }, graceMs);
      const code = await exited;
      clearTimeout(timer);
      for (const id of started.values()) signalProcess(id, 'SIGKILL');
      return code;
    },
  };
}
