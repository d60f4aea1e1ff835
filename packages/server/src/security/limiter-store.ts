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

/** A memory counter that forgets its oldest keys rather than grow without bound under a flood. */
interface BoundedCounter extends WindowCounter {
  readonly keyPrefix: string;
  size(): number;
  clear(): void;
}

/** Wraps a memory counter so that it tracks when each key's window ends and holds at most `maxKeys`. */
function boundCounter(limiter: RateLimiterMemory, maxKeys: number): BoundedCounter {
  /** When each key's window ends, least recently touched first. */
  const ends = new Map<string, number>();
  const note = (key: string, res: RateLimiterRes) => {
    ends.delete(key);
    ends.set(key, res.msBeforeNext < 0 ? Number.POSITIVE_INFINITY : Date.now() + res.msBeforeNext);
  };
  const forget = (key: string) => {
    ends.delete(key);
    void limiter.delete(key);
  };
  const prune = () => {
    const at = Date.now();
    for (const [key, end] of ends) if (end <= at) ends.delete(key); // the library has dropped it
    let toDrop = ends.size >= maxKeys ? Math.floor(ends.size / 2) : 0;
    for (const key of ends.keys()) {
      if (toDrop-- <= 0) break;
      forget(key);
    }
  };
  /** Runs a count, noting the key's window whether the count was admitted or not. */
  const track = async (key: string, count: () => Promise<RateLimiterRes>) => {
    if (!ends.has(key) && ends.size >= maxKeys) prune();
    try {
      const res = await count();
      note(key, res);
      return res;
    } catch (error) {
      if (isOverBudget(error)) note(key, error);
      throw error;
    }
  };
  return {
    keyPrefix: limiter.keyPrefix,
    consume: (key, points = 1, options = {}) => track(key, () => limiter.consume(key, points, options)),
    reward: (key, points = 1) => track(key, () => limiter.reward(key, points)),
    delete: (key) => {
      ends.delete(key);
      return limiter.delete(key);
    },
    size: () => ends.size,
    clear: () => {
      for (const key of [...ends.keys()]) forget(key);
    },
  };
}

/** Counters in this process's memory, each holding at most `maxKeys` keys (default 100,000). */
export function createMemoryStore(options: { maxKeys?: number } = {}): LimiterStore & { size(): number } {
  const maxKeys = options.maxKeys ?? 100_000;
  const counters = new Set<BoundedCounter>();
  return {
    open(counter) {
      const opened = boundCounter(new RateLimiterMemory(counter), maxKeys);
      counters.add(opened);
      return opened;
    },
    async clear(keyPrefix) {
      for (const counter of counters) {
        if (counter.keyPrefix !== keyPrefix) continue;
        counter.clear();
        counters.delete(counter);
      }
    },
    size: () => [...counters].reduce((sum, counter) => sum + counter.size(), 0),
  };
}
