/**
 * The password throttle of the operator login and the vault. Every attempt is counted before its
 * password is hashed, in one atomic step (so concurrent guesses cannot all pass a check made before
 * any of them is counted), and given back when the password was right. Two budgets:
 * - per source (an address bucket, as resolved behind the configured proxy hops): at most 5 failed
 *   attempts in a 15-minute window; further attempts are refused with 429 and never hashed;
 * - per account (the dashboard password, the vault password): failures from every source count;
 *   past a free allowance each further attempt waits a gap that doubles with every failure, up to a
 *   minute. One source's budget is below the allowance, so one source cannot delay, let alone lock
 *   out, the operator at another address; many sources together get one guess per gap.
 * The counts are rate-limiter-flexible counters (security/limiter-store.ts): in memory here, shared
 * in Redis when scaled out (scale/redis-failure-throttle.ts).
 */
import {
  createMemoryStore,
  isOverBudget,
  type LimiterStore,
  type WindowCounter,
} from "../security/limiter-store.ts";

/** The per-source budget: 5 failed attempts per 15 minutes. */
export const LOGIN_FAILURE_LIMIT = { maxFailures: 5, windowMs: 15 * 60 * 1000 } as const;

/** The per-account pace: 20 failures per 15 minutes free, then 1 s doubling per failure, at most 60 s. */
export const ACCOUNT_FAILURE_PACE = {
  freeFailures: 20,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  windowMs: 15 * 60 * 1000,
} as const;

/** Where the counts live (under a Redis connection's own prefix). */
export const FAILURE_KEY_PREFIX = "casino:pwfail:";

/** A source budget: attempts allowed to fail in the window. */
export interface SourceBudget {
  maxFailures: number;
  windowMs: number;
}

/** An account pace: failures free in the window, then the growing gap between attempts. */
export interface AccountPace {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

/** Where attempts are counted: this process's memory, or Redis shared by a cluster. */
export type FailureThrottle = LimiterStore;

/** The gap an account's next attempt must keep after its last one, with `count` attempts in the window. */
export function paceDelayMs(pace: AccountPace, count: number): number {
  if (count < pace.freeFailures) return 0;
  return Math.min(pace.maxDelayMs, pace.baseDelayMs * 2 ** (count - pace.freeFailures));
}

/** Creates the in-memory store, holding at most `maxKeys` keys in all. */
export function createFailureThrottle(
  options: { maxKeys?: number } = {},
): FailureThrottle & { size(): number } {
  return createMemoryStore({ maxKeys: options.maxKeys ?? 10_000 });
}

/** Why an attempt was refused. */
export type RefusedBy = "source" | "account";

/** A reserved attempt: settle it once its password was checked. */
export interface PasswordAttempt {
  /** A right password takes the attempt back; a wrong one leaves it counted. */
  settle(succeeded: boolean): Promise<void>;
}

/** The throttle as the login and the vault use it. */
export interface PasswordThrottle {
  /** Reserves an attempt of `source` on `scope`'s account before any hashing. */
  begin(
    scope: string,
    source: string,
  ): Promise<{ ok: true; attempt: PasswordAttempt } | { ok: false; retryAfterMs: number; by: RefusedBy }>;
}

/** Whole seconds of a window (the unit Redis expires keys in), at least one. */
const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counts a point under `key` unless that puts it over: 0, else the wait until the window ends (the
 * refused point is given back, so refusals never lengthen a budget).
 */
async function take(
  counter: WindowCounter,
  key: string,
  options?: { customDuration: number },
): Promise<number> {
  try {
    await counter.consume(key, 1, options);
    return 0;
  } catch (error) {
    if (!isOverBudget(error)) throw error;
    await counter.reward(key);
    return Math.max(1, error.msBeforeNext);
  }
}

/** Builds the throttle over a store, with the default budgets unless given others. */
export function createPasswordThrottle(
  store: FailureThrottle,
  policy: { source?: SourceBudget; account?: AccountPace } = {},
): PasswordThrottle {
  const source = policy.source ?? LOGIN_FAILURE_LIMIT;
  const account = policy.account ?? ACCOUNT_FAILURE_PACE;
  const keyPrefix = FAILURE_KEY_PREFIX.slice(0, -1); // the library adds the ":"
  const sources = store.open({ keyPrefix, points: source.maxFailures, duration: secondsOf(source.windowMs) });
  const accounts = store.open({
    keyPrefix,
    points: Number.MAX_SAFE_INTEGER,
    duration: secondsOf(account.windowMs),
  });
  /** An account's gap: open while its next attempt must wait (one point, as long as the gap). */
  const gaps = store.open({ keyPrefix, points: 1, duration: 1 });

  /**
   * Counts an attempt on the account and opens the gap the next one must keep; refused (and not
   * counted) while the last attempt's gap is open. The count comes first, so concurrent attempts
   * each see a different count and only one of them opens the gap. Resolves the wait (0: counted)
   * and whether this attempt opened a gap.
   */
  const pace = async (key: string): Promise<{ wait: number; opened: boolean }> => {
    const counted = await accounts.consume(key);
    const gapMs = paceDelayMs(account, counted.consumedPoints);
    if (gapMs === 0) return { wait: 0, opened: false };
    const wait = await take(gaps, `${key}:gap`, { customDuration: secondsOf(gapMs) });
    if (wait > 0) await accounts.reward(key);
    return { wait, opened: wait === 0 };
  };

  return {
    async begin(scope, sourceBucket) {
      const sourceKey = `${scope}:source:${sourceBucket}`;
      const accountKey = `${scope}:account`;
      const sourceWait = await take(sources, sourceKey);
      if (sourceWait > 0) return { ok: false, retryAfterMs: sourceWait, by: "source" };
      const paced = await pace(accountKey);
      if (paced.wait > 0) {
        await sources.reward(sourceKey);
        return { ok: false, retryAfterMs: paced.wait, by: "account" };
      }
      return {
        ok: true,
        attempt: {
          async settle(succeeded) {
            if (!succeeded) return;
            // A right password is as if never tried: its counts and the gap it opened go.
            await Promise.all([
              sources.reward(sourceKey),
              accounts.reward(accountKey),
              paced.opened ? gaps.delete(`${accountKey}:gap`) : undefined,
            ]);
          },
        },
      };
    },
  };
}
