// The caller token, read from its source (Secrets Manager) and cached: current and previous versions, both accepted.
import { createHash, timingSafeEqual } from 'node:crypto';

export interface TokenVersions {
  current: string;
  /** AWSPREVIOUS, absent on a secret that was never rotated. */
  previous?: string;
}

export type TokenSource = () => Promise<TokenVersions>;

export type TokenCheck = 'accepted' | 'rejected' | 'unavailable';

export interface TokenStoreOptions {
  cacheSeconds: number;
  /** A token matching no cached version re-reads the secret at most this often (rotation takes effect at once). */
  mismatchRereadSeconds?: number;
  now?: () => number;
  onRefreshFailure?: (error: unknown) => void;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time comparison (hashing first makes the lengths equal and hides them). */
function same(candidate: Buffer, token: string | undefined): boolean {
  return token !== undefined && timingSafeEqual(candidate, digest(token));
}

export class TokenStore {
  private versions: TokenVersions | undefined;
  private fetchedAt = Number.NEGATIVE_INFINITY;
  private lastMismatchReread = Number.NEGATIVE_INFINITY;
  private inFlight: Promise<boolean> | undefined;
  private readonly now: () => number;

  constructor(
    private readonly source: TokenSource,
    private readonly options: TokenStoreOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Starts the first read now (in Lambda's init phase), so the first call does not wait for it. */
  prefetch(): void {
    if (this.versions === undefined) void this.refresh();
  }

  /** Re-reads the secret (one read at a time); false when the read failed. */
  private refresh(): Promise<boolean> {
    this.inFlight ??= this.source()
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
      });
    return this.inFlight;
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
    const now = this.now();
    if (this.versions === undefined) {
      if (!(await this.refresh())) return 'unavailable';
    } else if (now - this.fetchedAt >= this.options.cacheSeconds * 1000) {
      // Stale: answer from the cache now, refresh for the next calls; a slow or failing read delays nobody.
      void this.refresh();
    }
    if (this.matches(token)) return 'accepted';
    const rereadEvery = (this.options.mismatchRereadSeconds ?? 5) * 1000;
    if (now - this.lastMismatchReread < rereadEvery) return 'rejected';
    this.lastMismatchReread = now;
    await this.refresh();
    return this.matches(token) ? 'accepted' : 'rejected';
  }
}
