/**
 * The password throttle of the operator login and the vault. Every attempt is reserved before its
 * password is hashed, in one atomic step (so concurrent guesses cannot all pass a check made before
 * any of them is counted), and refunded when the password was right. Two budgets:
 * - per source (an address bucket, as resolved behind the configured proxy hops): at most 5 failed
 *   attempts per 15 minutes; further attempts are refused with 429 and never hashed;
 * - per account (the dashboard password, the vault password): failures from every source count;
 *   past a free allowance each further attempt waits a delay that doubles with every failure, up
 *   to a minute. One source's budget is below the allowance, so one source cannot delay, let alone
 *   lock out, the operator at another address; many sources together get one guess per delay.
 * The counts live behind a small store interface: in memory here, shared in Redis when scaled out
 * (scale/redis-failure-throttle.ts).
 */
import { randomBytes } from "node:crypto";

/** The per-source budget: 5 failed attempts per 15 minutes. */
export const LOGIN_FAILURE_LIMIT = { maxFailures: 5, windowMs: 15 * 60 * 1000 } as const;

/** The per-account pace: 20 failures per 15 minutes free, then 1 s doubling per failure, at most 60 s. */
export const ACCOUNT_FAILURE_PACE = {
  freeFailures: 20,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  windowMs: 15 * 60 * 1000,
} as const;

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

/**
 * Where attempts are counted; every call is atomic (in memory: synchronous; in Redis: one script).
 * Members are attempt ids; an attempt counts from its reservation until it is refunded or leaves
 * the window.
 */
export interface FailureThrottle {
  /** Counts `member` under `key` if fewer than `budget.maxFailures` are in the window: 0, else the wait in ms. */
  reserve(key: string, member: string, budget: SourceBudget): number | Promise<number>;
  /** Counts `member` under `key` unless the pace asks for a longer gap since the last one: 0, else the wait in ms. */
  pace(key: string, member: string, pace: AccountPace): number | Promise<number>;
  /** Takes a counted member back (its password was right). */
  refund(key: string, member: string): void | Promise<void>;
}

/** The gap an account's next attempt must keep after its last one, with `count` attempts in the window. */
export function paceDelayMs(pace: AccountPace, count: number): number {
  if (count < pace.freeFailures) return 0;
  return Math.min(pace.maxDelayMs, pace.baseDelayMs * 2 ** (count - pace.freeFailures));
}

/** Creates the in-memory store; the clock is injectable so tests need no sleeping. */
export function createFailureThrottle(
  options: { now?: () => number; maxKeys?: number } = {},
): FailureThrottle & { size(): number } {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  /** Attempt times by key and member, oldest first. */
  const attempts = new Map<string, Map<string, number>>();

  const recent = (key: string, windowMs: number, at: number): Map<string, number> => {
    let members = attempts.get(key);
    if (!members) {
      if (attempts.size >= maxKeys) {
        const oldest = attempts.keys().next();
        if (!oldest.done) attempts.delete(oldest.value);
      }
      members = new Map();
      attempts.set(key, members);
    }
    for (const [member, time] of members) {
      if (at - time < windowMs) break;
      members.delete(member);
    }
    return members;
  };

  return {
    reserve(key, member, budget) {
      const at = now();
      const members = recent(key, budget.windowMs, at);
      if (members.size < budget.maxFailures) {
        members.set(member, at);
        return 0;
      }
      const times = [...members.values()];
      const leaving = times[times.length - budget.maxFailures] ?? at;
      return Math.max(1, leaving + budget.windowMs - at);
    },
    pace(key, member, pace) {
      const at = now();
      const members = recent(key, pace.windowMs, at);
      const delay = paceDelayMs(pace, members.size);
      const last = [...members.values()].at(-1);
      if (delay > 0 && last !== undefined && at - last < delay) return last + delay - at;
      members.set(member, at);
      return 0;
    },
    refund(key, member) {
      attempts.get(key)?.delete(member);
    },
    /** Number of keys tracked (bounded). */
    size: () => attempts.size,
  };
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

/** Builds the throttle over a store, with the default budgets unless given others. */
export function createPasswordThrottle(
  store: FailureThrottle,
  policy: { source?: SourceBudget; account?: AccountPace } = {},
): PasswordThrottle {
  const source = policy.source ?? LOGIN_FAILURE_LIMIT;
  const account = policy.account ?? ACCOUNT_FAILURE_PACE;
  return {
    async begin(scope, sourceBucket) {
      const member = randomBytes(9).toString("base64url");
      const sourceKey = `${scope}:source:${sourceBucket}`;
      const accountKey = `${scope}:account`;
      const sourceWait = await store.reserve(sourceKey, member, source);
      if (sourceWait > 0) return { ok: false, retryAfterMs: sourceWait, by: "source" };
      const accountWait = await store.pace(accountKey, member, account);
      if (accountWait > 0) {
        await store.refund(sourceKey, member);
        return { ok: false, retryAfterMs: accountWait, by: "account" };
      }
      return {
        ok: true,
        attempt: {
          async settle(succeeded) {
            if (!succeeded) return;
            await Promise.all([store.refund(sourceKey, member), store.refund(accountKey, member)]);
          },
        },
      };
    },
  };
}
