// After a burst of large bodies, give the memory back once the server is quiet, not whenever V8 next wants room.
//
// A body over ~128 KB becomes one string in V8's large-object space, and with many requests in flight a scavenge
// usually finds it alive mid-parse and promotes it: the dead strings then stay resident until the next full
// collection, which V8 starts only after the old generation has grown by at least ~8 MB more. Measured after 64
// connections of AggregateStatus for 1,000 clusters (138 KB bodies): 5-22 MB of dead large strings, most of the
// difference between ~72 and ~100 MB resident a few seconds after the burst (docs/adr/0011-local-server-start-and-memory.md). So:
// when no request has come or gone for `quietMs` and large bodies came in since the last collection, run one full
// collection (a few ms with this server's ~10 MB of live objects). Under load the server is never quiet that long,
// so it costs nothing there; small bodies never trigger it; without `--expose-gc` (the start script sets it) there
// is nothing to call and this does nothing.
//
// And when the last open connection closes after requests: clients that leave have ended their load (Karmada's
// clients keep their connections open while they work), so what the load left behind, large bodies or the old
// space's share of small ones, goes at once rather than 200 ms or ~8 MB of garbage later. At most once a second,
// for clients that open a connection per request.

/** Bodies at least this large count: smaller ones die young and cost a scavenge, not resident memory. */
export const largeBodyBytes = 64 * 1024;

export interface IdleCollectorOptions {
  /** The full collection: `globalThis.gc` under `--expose-gc`. */
  collect: () => void;
  /** Large-body bytes since the last collection before a quiet moment triggers one. */
  thresholdBytes?: number;
  /** How long after the last request finished, with none in flight, counts as quiet. */
  quietMs?: number;
  /** The least time between two collections started by the last connection closing. */
  disconnectIntervalMs?: number;
  /** Runs soon, after what this turn still has to write (tests pass their own). */
  soon?: (run: () => void) => void;
  now?: () => number;
  /** A one-shot timer that does not keep the process alive (tests pass their own). */
  after?: (ms: number, run: () => void) => void;
}

export interface IdleCollector {
  /** A request is being handled; `bodyBytes` is its body's size. */
  started(bodyBytes: number): void;
  /** That request is answered. */
  finished(): void;
  /** The last open connection has closed. */
  disconnected(): void;
  /** Whether anything is collected (the server need not count connections otherwise). */
  readonly active: boolean;
}

const inactive: IdleCollector = { started: () => undefined, finished: () => undefined, disconnected: () => undefined, active: false };

export function idleCollector(options: IdleCollectorOptions | undefined): IdleCollector {
  if (options === undefined) return inactive;
  const { collect, thresholdBytes = 8 * 1024 * 1024, quietMs = 200, disconnectIntervalMs = 1000, now = () => performance.now() } = options;
  const after = options.after ?? ((ms, run) => setTimeout(run, ms).unref());
  const soon = options.soon ?? ((run) => void setImmediate(run));
  let inFlight = 0;
  let bytesSince = 0;
  let requestsSince = 0;
  let lastActivity = 0;
  let lastDisconnectCollection = -Infinity;
  let pending = false;
  const collectNow = () => {
    bytesSince = 0;
    requestsSince = 0;
    collect();
  };
  // One timer at a time, re-armed for what is left of the quiet period: under load that is a few timers a second,
  // not one per request.
  let armed = false;
  const check = () => {
    armed = false;
    // Busy: the request that is in flight re-arms the timer when it finishes.
    if (inFlight > 0 || bytesSince < thresholdBytes) return;
    const left = lastActivity + quietMs - now();
    if (left > 0) return arm(left);
    collectNow();
  };
  const arm = (ms: number) => {
    armed = true;
    after(ms, check);
  };
  return {
    active: true,
    started(bodyBytes) {
      inFlight++;
      requestsSince++;
      if (bodyBytes >= largeBodyBytes) bytesSince += bodyBytes;
    },
    finished() {
      inFlight--;
      // Below the threshold no timer can be armed and none that is armed will collect: no clock read on the path
      // small bodies take. A request that starts later finishes later, so its finish is the activity that counts.
      if (bytesSince < thresholdBytes) return;
      lastActivity = now();
      if (inFlight === 0 && !armed) arm(quietMs);
    },
    disconnected() {
      if (requestsSince === 0 || pending) return;
      const at = now();
      if (at - lastDisconnectCollection < disconnectIntervalMs) return;
      lastDisconnectCollection = at;
      pending = true;
      soon(() => {
        pending = false;
        // A client that connected meanwhile and has a request in flight: its finish or quiet moment decides.
        if (inFlight === 0) collectNow();
      });
    },
  };
}

/** `globalThis.gc` when node runs with `--expose-gc`. */
export function exposedGc(): (() => void) | undefined {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === 'function' ? () => (gc as () => void)() : undefined;
}
