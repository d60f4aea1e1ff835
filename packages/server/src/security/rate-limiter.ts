/**
 * Token-bucket rate limiting behind a small interface, so the in-memory buckets of one process can
 * later move to Redis for a cluster without touching the routes and rooms that call it.
 */

/** Whether a request may proceed; when refused, how long until a token is back. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/** A bucket's size: tokens refilled per second and the most it holds (the burst). */
export interface BucketSize {
  perSecond: number;
  burst: number;
}

/** Takes tokens from named buckets ("session:<hash>", "addr:<ip>", "room:<id>:<client>"). */
export interface RateLimiter {
  consume(key: string, size: BucketSize, cost?: number): Promise<RateDecision>;
  /** Forgets every bucket (tests, and operator reset). */
  reset(): void;
}

/** A bucket's tokens when last touched, and when it would be full again (then it holds nothing worth keeping). */
type Bucket = { tokens: number; updatedAt: number; fullAt: number };

/** In-memory buckets for one process; the clock is injectable so tests need no sleeping. */
export function createMemoryRateLimiter(
  options: { now?: () => number; maxBuckets?: number } = {},
): RateLimiter & { size(): number } {
  const now = options.now ?? Date.now;
  const maxBuckets = options.maxBuckets ?? 100_000;
  const buckets = new Map<string, Bucket>();

  /** Drops buckets that have refilled completely (each by its own size): they hold no information. */
  const prune = (at: number) => {
    for (const [key, bucket] of buckets) {
      if (at >= bucket.fullAt) buckets.delete(key);
    }
    // Still too many (a flood of distinct keys): forget the oldest half rather than grow without bound.
    if (buckets.size >= maxBuckets) {
      let toDrop = Math.floor(buckets.size / 2);
      for (const key of buckets.keys()) {
        if (toDrop-- <= 0) break;
        buckets.delete(key);
      }
    }
  };

  return {
    async consume(key, size, cost = 1) {
      const at = now();
      let bucket = buckets.get(key);
      if (!bucket) {
        if (buckets.size >= maxBuckets) prune(at);
        bucket = { tokens: size.burst, updatedAt: at, fullAt: at };
        buckets.set(key, bucket);
      } else {
        const refill = ((at - bucket.updatedAt) / 1000) * size.perSecond;
        bucket.tokens = Math.min(size.burst, bucket.tokens + refill);
        bucket.updatedAt = at;
      }
      if (bucket.tokens >= cost) {
        bucket.tokens -= cost;
        bucket.fullAt = at + ((size.burst - bucket.tokens) / size.perSecond) * 1000;
        return { allowed: true };
      }
      const missing = cost - bucket.tokens;
      return { allowed: false, retryAfterMs: Math.ceil((missing / size.perSecond) * 1000) };
    },
    reset() {
      buckets.clear();
    },
    size() {
      return buckets.size;
    },
  };
}
