/**
 * Failed-password throttle for the operator login and the vault: a source that failed too often in
 * the window is refused (429) before its password is even checked, so guessing costs real time.
 * In memory behind a small interface, like the rate limiter, so it can move to shared storage.
 */

/** The login policy: 5 failures per 15 minutes per source. */
export const LOGIN_FAILURE_LIMIT = { maxFailures: 5, windowMs: 15 * 60 * 1000 } as const;

/** Counts failures per key inside a sliding window (in memory, or shared in Redis: then async). */
export interface FailureThrottle {
  /** 0 when the key may try again, else how long until its oldest failure leaves the window. */
  retryAfterMs(key: string): number | Promise<number>;
  /** Records one failure of the key. */
  recordFailure(key: string): void | Promise<void>;
}

/** Creates an in-memory throttle; the clock is injectable so tests need no sleeping. */
export function createFailureThrottle(
  options: { maxFailures?: number; windowMs?: number; now?: () => number; maxKeys?: number } = {},
): FailureThrottle & { retryAfterMs(key: string): number; size(): number } {
  const maxFailures = options.maxFailures ?? LOGIN_FAILURE_LIMIT.maxFailures;
  const windowMs = options.windowMs ?? LOGIN_FAILURE_LIMIT.windowMs;
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  const failures = new Map<string, number[]>();

  const recent = (key: string, at: number): number[] => {
    const kept = (failures.get(key) ?? []).filter((t) => at - t < windowMs);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };

  return {
    retryAfterMs(key) {
      const at = now();
      const kept = recent(key, at);
      if (kept.length < maxFailures) return 0;
      const oldest = kept[kept.length - maxFailures] ?? at;
      return Math.max(1, oldest + windowMs - at);
    },
    recordFailure(key) {
      const at = now();
      const kept = recent(key, at);
      if (!failures.has(key) && failures.size >= maxKeys) {
        const first = failures.keys().next();
        if (!first.done) failures.delete(first.value);
      }
      failures.set(key, [...kept, at].slice(-maxFailures));
    },
    /** Number of keys tracked (bounded). */
    size: () => failures.size,
  };
}
