// Polling until something is ready, with an error that says what was awaited and what went wrong last.

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class WaitError extends Error {
  override readonly name: string = 'WaitError';
}

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
  /** Why waiting longer is pointless (the process that should answer has exited), or undefined to go on. */
  gone?: () => string | undefined;
  /** More to say when giving up (a log's tail), appended to the error. */
  details?: () => string;
  /** The error class to throw, for callers that tell their failures apart. */
  error?: new (message: string) => Error;
}

/** Calls `probe` until it returns a value other than undefined; a probe that throws counts as not ready yet. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, options: WaitOptions): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  const Failure = options.error ?? WaitError;
  const details = () => (options.details ? options.details() : '');
  let last = '';
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause;
      last = cause?.message ? `${(error as Error).message}: ${cause.message}` : (error as Error).message;
    }
    const gone = options.gone?.();
    if (gone !== undefined) throw new Failure(`${gone} while waiting for ${what}${details()}`);
    if (Date.now() > deadline) {
      throw new Failure(`timed out after ${Math.round(options.timeoutMs / 1000)} s waiting for ${what}${last ? ` (last error: ${last})` : ''}${details()}`);
    }
    await sleep(options.intervalMs ?? 100);
  }
}
