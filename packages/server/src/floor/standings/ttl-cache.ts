/**
 * A small cache of computed answers for a short time: concurrent askers of one key share one
 * computation, and an answer is reused until it is `ttlMs` old on the injected clock. A failed
 * computation is not kept.
 */

/** A cache of promises by key. */
export interface TtlCache<T> {
  /** The cached answer for `key`, or `compute()`'s, kept for the cache's time. */
  get(key: string, compute: () => Promise<T>): Promise<T>;
  /** How many answers are held (tests). */
  readonly size: number;
}

/** Creates a cache whose entries live `ttlMs` on `now`; at most `maxEntries`, expired ones dropped first. */
export function createTtlCache<T>(ttlMs: number, now: () => number, maxEntries = 256): TtlCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  const dropExpired = (at: number) => {
    for (const [key, entry] of entries) if (at - entry.at >= ttlMs) entries.delete(key);
    while (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      entries.delete(oldest.value);
    }
  };
  return {
    get(key, compute) {
      const at = now();
      const held = entries.get(key);
      if (held && at - held.at < ttlMs) return held.value;
      dropExpired(at);
      const value = compute();
      const entry = { at, value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
