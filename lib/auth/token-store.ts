// The caller token, read from its source (Secrets Manager) and cached: current and previous versions, both accepted.
// node:crypto loads on first use: importing it costs every cold start a few ms, and unprotected stacks never use it.
const crypto = () => process.getBuiltinModule('node:crypto');

export interface TokenVersions {
  current: string;
  /** AWSPREVIOUS, absent on a secret that was never rotated. */
  previous?: string;
}

export type TokenSource = () => Promise<TokenVersions>;

export type TokenCheck = 'accepted' | 'rejected' | 'unavailable';

export interface TokenStoreOptions {
  cacheSeconds: number;
  /**
   * Re-reads a token matching no cached version may start (a rotation must take effect at once): a bucket of
   * `burst` reads refilled by one every `refillSeconds`. Defaults: 5 and 1 s, i.e. a probe flood costs at most
   * 5 + 1/s reads per instance, while one probe never uses up the read the real new token needs.
   */
  rereadBurst?: number;
  rereadRefillSeconds?: number;
  now?: () => number;
  onRefreshFailure?: (error: unknown) => void;
}

function digest(value: string): Buffer {
  return crypto().createHash('sha256').update(value).digest();
}

/** Constant-time comparison (hashing first makes the lengths equal and hides them). */
function same(candidate: Buffer, token: string | undefined): boolean {
  return token !== undefined && crypto().timingSafeEqual(candidate, digest(token));
}

/** One read of the source, numbered in the order reads start. */
interface Read {
  sequence: number;
  done: Promise<boolean>;
}

export class TokenStore {
  private versions: TokenVersions | undefined;
  private fetchedAt = Number.NEGATIVE_INFINITY;
  private inFlight: Read | undefined;
  private readsStarted = 0;
  private budget: number;
  private budgetAt: number;
  private readonly burst: number;
  private readonly refillMs: number;
  private readonly now: () => number;

  constructor(
    private readonly source: TokenSource,
    private readonly options: TokenStoreOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.burst = options.rereadBurst ?? 5;
    this.refillMs = (options.rereadRefillSeconds ?? 1) * 1000;
    this.budget = this.burst;
    this.budgetAt = this.now();
  }

  /** How many reads the source has been asked for (for tests and benchmarks). */
  get reads(): number {
    return this.readsStarted;
  }

  /** Starts the first read now (in Lambda's init phase), so the first call does not wait for it. */
  prefetch(): void {
    if (this.versions === undefined) this.refresh();
  }

  /** Re-reads the secret: one read at a time, concurrent callers share it. */
  private refresh(): Read {
    if (this.inFlight !== undefined) return this.inFlight;
    const read: Read = {
      sequence: ++this.readsStarted,
      done: this.source()
        .then((versions) => {
          this.versions = versions;
          this.fetchedAt = this.now();
          return true;
        })
        .catch((error: unknown) => {
          this.options.onRefreshFailure?.(error);
          return false;
        })
        .finally(() => {
          this.inFlight = undefined;
        }),
    };
    this.inFlight = read;
    return read;
  }

  /** Takes one re-read from the bucket, if there is one left. */
  private takeReread(): boolean {
    const now = this.now();
    if (this.refillMs > 0) {
      this.budget = Math.min(this.burst, this.budget + (now - this.budgetAt) / this.refillMs);
    } else {
      this.budget = this.burst;
    }
    this.budgetAt = now;
    if (this.budget < 1) return false;
    this.budget -= 1;
    return true;
  }

  private matches(token: string): boolean {
    const candidate = digest(token);
    // Both comparisons always run, so timing does not tell which version matched.
    const current = same(candidate, this.versions?.current);
    const previous = same(candidate, this.versions?.previous);
    return current || previous;
  }

  async check(token: string | undefined): Promise<TokenCheck> {
    if (token === undefined || token === '') return 'rejected';
    // Reads numbered above this one started after the token arrived: they would see a rotation made before it.
    const seenBefore = this.readsStarted;
    if (this.versions === undefined) {
      if (!(await this.refresh().done)) return 'unavailable';
    } else if (this.now() - this.fetchedAt >= this.options.cacheSeconds * 1000) {
      // Stale: a known token is answered from the cache at once; the refresh serves the next calls.
      this.refresh();
    }
    if (this.matches(token)) return 'accepted';
    // A token matching nothing is refused only on data read after it arrived. It first waits for any read in
    // flight (a stale refresh, a cold read, another caller's re-read): that costs Secrets Manager nothing.
    for (;;) {
      const pending = this.inFlight;
      if (pending !== undefined) {
        await pending.done;
        if (this.matches(token)) return 'accepted';
        if (pending.sequence > seenBefore) return 'rejected';
        continue;
      }
      if (this.readsStarted > seenBefore) return 'rejected';
      // No read since it arrived: start one, from a small budget so that a probe flood cannot hammer the source.
      if (!this.takeReread()) return 'rejected';
      this.refresh();
    }
  }
}
