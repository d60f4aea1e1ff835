/**
 * Request budgets behind a small interface, counted by rate-limiter-flexible in memory (one process)
 * or in Redis (a cluster, scale/redis-rate-limiter.ts) without touching the routes and rooms that
 * call it. A budget is given as a bucket (a rate and a burst) and counted as a fixed window: `burst`
 * requests per `burst / perSecond` seconds (rounded up to whole seconds, the unit Redis expires
 * keys in), the window opening at a key's first request.
 */
import { createMemoryStore, isOverBudget, type LimiterStore, type WindowCounter } from "./limiter-store.ts";

/** Whether a request may proceed; when refused, how long until the budget is back. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/** A budget's size: requests per second over time and the most allowed at once (the burst). */
export interface BucketSize {
  perSecond: number;
  burst: number;
}

/** Takes from named budgets ("session:<hash>", "addr:<ip>", "room:<id>:<client>"). */
export interface RateLimiter {
  consume(key: string, size: BucketSize, cost?: number): Promise<RateDecision>;
  /** Forgets every budget (tests, and operator reset). */
  reset(): void;
}

/** Where the budgets live (under a Redis connection's own prefix). */
export const RATE_LIMIT_KEY_PREFIX = "casino:rl:";

/** The longest window: a memory window is a timer, and Node's timers hold at most 24.8 days. */
const MAX_WINDOW_SECONDS = 21 * 24 * 60 * 60;

/** The fixed window counted for a bucket: its burst, over the seconds its rate takes to give that many. */
export function windowOf(size: BucketSize): { points: number; duration: number } {
  const points = Math.max(1, Math.floor(size.burst));
  const seconds = Math.ceil(points / size.perSecond);
  return { points, duration: Math.min(MAX_WINDOW_SECONDS, Math.max(1, seconds)) };
}

/** What to do when the store itself fails (Redis unreachable): decide another way, or throw. */
export type StoreFailure = (
  error: unknown,
  key: string,
  size: BucketSize,
  cost: number,
) => Promise<RateDecision>;

/** A limiter over a store: one counter per bucket size, all keys under RATE_LIMIT_KEY_PREFIX. */
export function createStoreRateLimiter(store: LimiterStore, onStoreError?: StoreFailure): RateLimiter {
  const keyPrefix = RATE_LIMIT_KEY_PREFIX.slice(0, -1); // the library adds the ":"
  let counters = new Map<string, WindowCounter>();
  const counterOf = (size: BucketSize) => {
    const window = windowOf(size);
    const id = `${window.points}/${window.duration}`;
    let counter = counters.get(id);
    if (!counter) {
      counter = store.open({ keyPrefix, ...window });
      counters.set(id, counter);
    }
    return counter;
  };
  return {
    async consume(key, size, cost = 1) {
      try {
        await counterOf(size).consume(key, cost);
        return { allowed: true };
      } catch (error) {
        if (isOverBudget(error)) return { allowed: false, retryAfterMs: Math.max(1, error.msBeforeNext) };
        if (!onStoreError) throw error;
        return onStoreError(error, key, size, cost);
      }
    },
    reset() {
      counters = new Map();
      void store.clear(keyPrefix).catch(() => undefined);
    },
  };
}

/** The budgets of one process, in memory, at most `maxBuckets` keys in all. */
export function createMemoryRateLimiter(
  options: { maxBuckets?: number } = {},
): RateLimiter & { size(): number } {
  const store = createMemoryStore({ maxKeys: options.maxBuckets ?? 100_000 });
  return { ...createStoreRateLimiter(store), size: store.size };
}
