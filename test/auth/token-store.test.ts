// The token cache: both versions accepted, reads bounded, outages survived when a token is cached.
import { describe, expect, it, vi } from 'vitest';
import { TokenStore, type TokenVersions } from '../../lib/auth/token-store';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function source(initial: TokenVersions) {
  let versions = initial;
  let failing = false;
  const read = vi.fn(async () => {
    if (failing) throw new Error('connect ECONNREFUSED 127.0.0.1:4566');
    return versions;
  });
  return { read, rotate: (next: TokenVersions) => (versions = next), fail: (value: boolean) => (failing = value) };
}

describe('TokenStore', () => {
  it('accepts the current and the previous version and rejects anything else', async () => {
    const s = source({ current: 'new-token', previous: 'old-token' });
    const store = new TokenStore(s.read, { cacheSeconds: 300 });
    expect(await store.check('new-token')).toBe('accepted');
    expect(await store.check('old-token')).toBe('accepted');
    expect(await store.check('new-toke')).toBe('rejected');
    expect(await store.check('')).toBe('rejected');
    expect(await store.check(undefined)).toBe('rejected');
  });

  it('rejects a missing token without reading the secret', async () => {
    const s = source({ current: 't' });
    const store = new TokenStore(s.read, { cacheSeconds: 300 });
    expect(await store.check(undefined)).toBe('rejected');
    expect(s.read).not.toHaveBeenCalled();
  });

  it('reads once for concurrent cold calls and not again within the cache time', async () => {
    const s = source({ current: 't' });
    const c = clock();
    const store = new TokenStore(s.read, { cacheSeconds: 300, now: c.now });
    await Promise.all(Array.from({ length: 20 }, () => store.check('t')));
    c.advance(299_000);
    expect(await store.check('t')).toBe('accepted');
    expect(s.read).toHaveBeenCalledTimes(1);
  });

  it('re-reads after the cache time, answering from the cache meanwhile', async () => {
    const s = source({ current: 't1' });
    const c = clock();
    const store = new TokenStore(s.read, { cacheSeconds: 300, now: c.now });
    await store.check('t1');
    s.rotate({ current: 't2', previous: 't1' });
    c.advance(301_000);
    expect(await store.check('t1')).toBe('accepted');
    expect(s.read).toHaveBeenCalledTimes(2);
  });

  it('takes a rotation at once, even right after a wrong-token probe', async () => {
    const s = source({ current: 't1' });
    const c = clock();
    const store = new TokenStore(s.read, { cacheSeconds: 300, now: c.now });
    await store.check('t1');
    // A script's handful of probes (4) still leaves the real new token its re-read.
    for (const probe of ['probe-1', 'probe-2', 'probe-3', 'probe-4']) expect(await store.check(probe)).toBe('rejected');
    s.rotate({ current: 't2', previous: 't1' });
    // Same instant (the clock does not move): no time window to wait out.
    expect(await store.check('t2')).toBe('accepted');
    expect(await store.check('t1')).toBe('accepted');
    expect(s.read).toHaveBeenCalledTimes(6);
  });

  it('bounds the reads of a probe flood: 5 at once, then one per second', async () => {
    const s = source({ current: 't1' });
    const c = clock();
    const store = new TokenStore(s.read, { cacheSeconds: 300, now: c.now });
    await store.check('t1');
    for (let i = 0; i < 1_000; i++) expect(await store.check(`wrong-${i}`)).toBe('rejected');
    expect(s.read).toHaveBeenCalledTimes(1 + 5);
    // 10 s of flood at 100 probes/s.
    for (let i = 0; i < 1_000; i++) {
      c.advance(10);
      expect(await store.check(`wrong-${i}`)).toBe('rejected');
    }
    expect(s.read).toHaveBeenCalledTimes(1 + 5 + 10);
    // Under the flood the budget is spent: the new token is accepted once one read is refilled (<= 1 s).
    s.rotate({ current: 't2', previous: 't1' });
    expect(await store.check('t2')).toBe('rejected');
    c.advance(1_000);
    expect(await store.check('t2')).toBe('accepted');
  });

  it('shares one read among concurrent unknown tokens', async () => {
    const s = source({ current: 't1' });
    const store = new TokenStore(s.read, { cacheSeconds: 300 });
    await store.check('t1');
    s.rotate({ current: 't2', previous: 't1' });
    const answers = await Promise.all([
      ...Array.from({ length: 100 }, (_, i) => store.check(`wrong-${i}`)),
      store.check('t2'),
    ]);
    expect(answers.at(-1)).toBe('accepted');
    expect(answers.filter((answer) => answer === 'rejected')).toHaveLength(100);
    // The first probe's re-read started before the others arrived, so they share one more: 2 re-reads, not 101.
    expect(s.read).toHaveBeenCalledTimes(1 + 2);
  });

  it('makes an unknown token wait for a read already in flight, at no extra read', async () => {
    const reads: ((versions: TokenVersions) => void)[] = [];
    const read = vi.fn(() => new Promise<TokenVersions>((resolve) => reads.push(resolve)));
    const store = new TokenStore(read, { cacheSeconds: 300 });
    store.prefetch();
    const pending = store.check('t2');
    await Promise.resolve();
    reads[0]!({ current: 't2' });
    expect(await pending).toBe('accepted');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('with a stale cache, answers a known token at once but makes an unknown one wait for the refresh', async () => {
    let versions: TokenVersions = { current: 't1' };
    const reads: (() => void)[] = [];
    const read = vi.fn(() => new Promise<TokenVersions>((resolve) => reads.push(() => resolve(versions))));
    const c = clock();
    const store = new TokenStore(read, { cacheSeconds: 300, now: c.now });
    const first = store.check('t1');
    reads.shift()!();
    expect(await first).toBe('accepted');
    versions = { current: 't2', previous: 't1' };
    c.advance(301_000);
    expect(await store.check('t1')).toBe('accepted');
    expect(read).toHaveBeenCalledTimes(2);
    const rotated = store.check('t2');
    let settled = false;
    void rotated.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    reads.shift()!();
    expect(await rotated).toBe('accepted');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('is unavailable when the first read fails, and recovers when the source does', async () => {
    const s = source({ current: 't' });
    const failures: unknown[] = [];
    const store = new TokenStore(s.read, { cacheSeconds: 300, onRefreshFailure: (e) => failures.push(e) });
    s.fail(true);
    expect(await store.check('t')).toBe('unavailable');
    expect(failures).toHaveLength(1);
    s.fail(false);
    expect(await store.check('t')).toBe('accepted');
  });

  it('keeps using the cached token while the source fails', async () => {
    const s = source({ current: 't' });
    const c = clock();
    const store = new TokenStore(s.read, { cacheSeconds: 1, now: c.now, onRefreshFailure: () => undefined });
    await store.check('t');
    s.fail(true);
    c.advance(10_000);
    expect(await store.check('t')).toBe('accepted');
    expect(await store.check('other')).toBe('rejected');
  });

  it('does not wait for a slow read when a token is cached', async () => {
    let calls = 0;
    const slow = () => (++calls === 1 ? Promise.resolve({ current: 't' }) : new Promise<TokenVersions>(() => undefined));
    const c = clock();
    const store = new TokenStore(slow, { cacheSeconds: 1, now: c.now });
    await store.check('t');
    c.advance(2_000);
    const answer = await Promise.race([store.check('t'), new Promise((resolve) => setTimeout(() => resolve('waited'), 200))]);
    expect(answer).toBe('accepted');
  });
});

describe('TokenStore.prefetch', () => {
  it('reads once ahead of the first call, which then does not read again', async () => {
    const s = source({ current: 't' });
    const store = new TokenStore(s.read, { cacheSeconds: 300 });
    store.prefetch();
    expect(await store.check('t')).toBe('accepted');
    expect(s.read).toHaveBeenCalledTimes(1);
  });
});
