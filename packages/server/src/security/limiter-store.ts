/**
 * Where the casino's budgets are counted: fixed-window counters from rate-limiter-flexible, kept in
 * this process's memory (one server) or in Redis (scale/redis-limiter-store.ts, several processes).
 * The request budgets (security/rate-limiter.ts) and the password throttle (operator/throttle.ts)
 * are written once over this interface.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/** A count of points per key over a window that opens at the key's first point. */
export interface WindowCounter {
  /** Adds points; rejects with a RateLimiterRes when the key is then over its points. */
  consume(key: string, points?: number, options?: { customDuration?: number }): Promise<RateLimiterRes>;
  /** Takes points back (never rejects for being over). */
  reward(key: string, points?: number): Promise<RateLimiterRes>;
  /** Forgets a key's window. */
  delete(key: string): Promise<boolean>;
}

/** What a counter counts: `points` per window of `duration` whole seconds, its keys under `keyPrefix`. */
export interface CounterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
}

/** Opens counters in one place: memory here, Redis when scaled out. */
export interface LimiterStore {
  open(options: CounterOptions): WindowCounter;
  /** Forgets every count under `keyPrefix` (tests, and operator reset). */
  clear(keyPrefix: string): Promise<void>;
}

/** Whether a rejection is the counter's "over the budget" answer, not a failure of the store. */
export function isOverBudget(error: unknown): error is RateLimiterRes {
  return error instanceof RateLimiterRes;
}

/** A memory counter that notes when each key's window ends, so that its store can bound the keys. */
interface TrackedCounter extends WindowCounter {
  readonly keyPrefix: string;
  /** When each key's window ends, the oldest window first. */
  readonly ends: Map<string, number>;
  /** Drops a key and its window. */
  forget(key: string): void;
}

/** Wraps a memory counter to track its keys; `makeRoom` runs before a new key is counted. */
function trackCounter(limiter: RateLimiterMemory, makeRoom: () => void): TrackedCounter {
  const ends = new Map<string, number>();
  /** Notes a key's window when it opens (a count inside a known window changes nothing). */
  const note = (key: string, res: RateLimiterRes) => {
    if (!res.isFirstInDuration && ends.has(key)) return;
    ends.delete(key);
    ends.set(key, res.msBeforeNext < 0 ? Number.POSITIVE_INFINITY : Date.now() + res.msBeforeNext);
  };
  /** Runs a count, noting the key's window whether the count was admitted or not. */
  const track = (key: string, count: () => Promise<RateLimiterRes>) => {
    if (!ends.has(key)) makeRoom();
    return count().then(
      (res) => {
        note(key, res);
        return res;
      },
      (error: unknown) => {
        if (isOverBudget(error)) note(key, error);
        throw error;
      },
    );
  };
  return {
    keyPrefix: limiter.keyPrefix,
    ends,
    consume: (key, points = 1, options = {}) => track(key, () => limiter.consume(key, points, options)),
    reward: (key, points = 1) => track(key, () => limiter.reward(key, points)),
    delete: (key) => {
      ends.delete(key);
      return limiter.delete(key);
    },
    forget: (key) => {
      ends.delete(key);
      void limiter.delete(key);
    },
  };
}

/**
 * Counters in this process's memory, holding at most `maxKeys` keys together (default 100,000):
 * past that, keys whose window has ended are dropped, then the oldest half of the largest counter,
 * rather than grow without bound under a flood of distinct keys.
 */
export function createMemoryStore(options: { maxKeys?: number } = {}): LimiterStore & { size(): number } {
  const maxKeys = options.maxKeys ?? 100_000;
  const counters = new Set<TrackedCounter>();
  const size = () => [...counters].reduce((sum, counter) => sum + counter.ends.size, 0);
  const makeRoom = () => {
    if (size() < maxKeys) return;
    const at = Date.now();
    for (const counter of counters)
      for (const [key, end] of counter.ends) if (end <= at) counter.ends.delete(key); // the library dropped it
    if (size() < maxKeys) return;
    const largest = [...counters].reduce((a, b) => (b.ends.size > a.ends.size ? b : a));
    let toDrop = Math.floor(largest.ends.size / 2);
    for (const key of [...largest.ends.keys()]) {
      if (toDrop-- <= 0) break;
      largest.forget(key);
    }
  };
  return {
    open(counter) {
      const opened = trackCounter(new RateLimiterMemory(counter), makeRoom);
      counters.add(opened);
      return opened;
    },
    async clear(keyPrefix) {
      for (const counter of counters) {
        if (counter.keyPrefix !== keyPrefix) continue;
        for (const key of [...counter.ends.keys()]) counter.forget(key);
        counters.delete(counter);
      }
    },
    size,
  };
}
