import { describe, expect, it } from 'vitest';
import { idleCollector, largeBodyBytes } from '../../lib/local/idle-collector';

/** A collector on a hand-driven clock: `advance` runs the timers that come due. */
function harness(thresholdBytes = 3 * largeBodyBytes) {
  let clock = 0;
  const timers: { at: number; run: () => void }[] = [];
  let collections = 0;
  const soon: (() => void)[] = [];
  const collector = idleCollector({
    collect: () => collections++,
    thresholdBytes,
    quietMs: 100,
    disconnectIntervalMs: 1_000,
    now: () => clock,
    after: (ms, run) => timers.push({ at: clock + ms, run }),
    soon: (run) => soon.push(run),
  });
  /** Runs what `soon` queued (the turn's writes are done). */
  const settle = () => soon.splice(0).forEach((run) => run());
  /** The last connection closes, and the turn ends. */
  const leave = () => {
    collector.disconnected();
    settle();
  };
  const advance = (ms: number) => {
    const until = clock + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      if (timers.length === 0 || timers[0]!.at > until) break;
      const next = timers.shift()!;
      clock = next.at;
      next.run();
    }
    clock = until;
  };
  /** `count` requests of `bodyBytes` each, one after the other, `gapMs` apart. */
  const serve = (count: number, bodyBytes: number, gapMs = 0) => {
    for (let i = 0; i < count; i++) {
      collector.started(bodyBytes);
      collector.finished();
      if (gapMs > 0) advance(gapMs);
    }
  };
  return { collector, advance, serve, settle, leave, collections: () => collections, timers: () => timers.length };
}

describe('idle collector', () => {
  it('collects once the server has been quiet for quietMs after enough large bodies', () => {
    const h = harness();
    h.serve(3, largeBodyBytes);
    h.advance(99);
    expect(h.collections()).toBe(0);
    h.advance(1);
    expect(h.collections()).toBe(1);
    // Nothing new since: no second collection.
    h.advance(1_000);
    expect(h.collections()).toBe(1);
  });

  it('never collects for small bodies, however many', () => {
    const h = harness();
    h.serve(10_000, largeBodyBytes - 1);
    h.advance(10_000);
    expect(h.collections()).toBe(0);
    expect(h.timers()).toBe(0);
  });

  it('waits while requests keep coming (load), and while one is in flight', () => {
    const h = harness();
    h.serve(50, largeBodyBytes, 50);
    expect(h.collections()).toBe(0);
    // At most one timer waits at a time, whatever the request rate.
    expect(h.timers()).toBeLessThanOrEqual(1);
    h.collector.started(10);
    h.advance(1_000);
    expect(h.collections()).toBe(0);
    h.collector.finished();
    h.advance(100);
    expect(h.collections()).toBe(1);
  });

  it('collects when the last connection closes after requests, small bodies too, after the turn', () => {
    const h = harness();
    h.serve(100, 2_000);
    h.collector.disconnected();
    expect(h.collections()).toBe(0);
    h.settle();
    expect(h.collections()).toBe(1);
    // Nothing served since: a later disconnect has nothing to give back.
    h.advance(5_000);
    h.leave();
    expect(h.collections()).toBe(1);
  });

  it('collects on disconnects at most once per interval (a connection per request)', () => {
    const h = harness();
    for (let i = 0; i < 100; i++) {
      h.serve(1, 2_000);
      h.leave();
      h.advance(10);
    }
    // 100 disconnects within one second: only the first collects; the next one a second later does again.
    expect(h.collections()).toBe(1);
    h.advance(1_000);
    h.serve(1, 2_000);
    h.leave();
    expect(h.collections()).toBe(2);
  });

  it('leaves a request that arrived meanwhile alone, and its large body to the quiet timer', () => {
    const h = harness();
    h.serve(3, largeBodyBytes);
    h.collector.disconnected();
    h.collector.started(10);
    h.settle();
    expect(h.collections()).toBe(0);
    h.collector.finished();
    h.advance(100);
    expect(h.collections()).toBe(1);
  });

  it('a collection on disconnect also clears what the quiet timer was waiting for', () => {
    const h = harness();
    h.serve(3, largeBodyBytes);
    h.leave();
    expect(h.collections()).toBe(1);
    h.advance(1_000);
    expect(h.collections()).toBe(1);
  });

  it('does nothing without a collection to call', () => {
    const collector = idleCollector(undefined);
    expect(collector.active).toBe(false);
    collector.started(10 * largeBodyBytes);
    collector.finished();
    collector.disconnected();
  });
});
