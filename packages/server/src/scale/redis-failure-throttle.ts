/**
 * The operator's password-attempt counts in Redis: the same budgets as the in-memory store
 * (operator/throttle.ts), one sorted set of attempt times per source and per account, each check
 * and count one Lua script, so concurrent guesses spread over the processes behind the proxy are
 * counted before any of them is hashed.
 */
import type { Redis } from "ioredis";
import type { AccountPace, FailureThrottle, SourceBudget } from "../operator/throttle.ts";

/** Where the attempt windows live under the connection's prefix. */
export const FAILURE_KEY_PREFIX = "casino:pwfail:";

/**
 * The start of both scripts: the attempt window of KEYS[1] at ARGV[1] (now), ARGV[2] ms long,
 * emptied of older attempts, and how many it holds (`count`).
 */
const OPEN_WINDOW = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
`;

/** The end of both scripts: counts the attempt ARGV[n] at `now` and answers 0. */
function countAttempt(n: number): string {
  return `
redis.call('ZADD', KEYS[1], now, ARGV[${n}])
redis.call('PEXPIRE', KEYS[1], window)
return 0
`;
}

/** Counts ARGV[4] if fewer than ARGV[3] are in the window; else answers the wait until one leaves. */
const RESERVE = `${OPEN_WINDOW}
local max = tonumber(ARGV[3])
if count >= max then
  local leaving = redis.call('ZRANGE', KEYS[1], count - max, count - max, 'WITHSCORES')
  return math.max(1, tonumber(leaving[2]) + window - now)
end
${countAttempt(4)}`;

/** Counts ARGV[6] unless the gap since the last attempt is under the pace's delay; else the wait. */
const PACE = `${OPEN_WINDOW}
local free = tonumber(ARGV[3])
local base = tonumber(ARGV[4])
local cap = tonumber(ARGV[5])
if count >= free then
  local delay = math.min(cap, base * 2 ^ (count - free))
  local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
  local wait = tonumber(last[2]) + delay - now
  if wait > 0 then return math.ceil(wait) end
end
${countAttempt(6)}`;

type Script = (key: string, ...args: (string | number)[]) => Promise<number>;

/** The store as the cluster shares it (every call answers asynchronously). */
export interface SharedFailureThrottle extends FailureThrottle {
  reserve(key: string, member: string, budget: SourceBudget): Promise<number>;
  pace(key: string, member: string, pace: AccountPace): Promise<number>;
  refund(key: string, member: string): Promise<void>;
}

/** Creates the store over a Redis connection; the clock is injectable so tests need no sleeping. */
export function createRedisFailureThrottle(
  redis: Redis,
  options: { now?: () => number } = {},
): SharedFailureThrottle {
  const now = options.now ?? Date.now;
  if (!("casinoReserveAttempt" in redis)) {
    redis.defineCommand("casinoReserveAttempt", { numberOfKeys: 1, lua: RESERVE });
    redis.defineCommand("casinoPaceAttempt", { numberOfKeys: 1, lua: PACE });
  }
  const scripts = redis as unknown as Record<"casinoReserveAttempt" | "casinoPaceAttempt", Script>;
  /** Runs a script on an attempt window at this moment; resolves the wait it answers (0: counted). */
  const run = async (script: keyof typeof scripts, key: string, ...args: (string | number)[]) =>
    Number(await scripts[script](`${FAILURE_KEY_PREFIX}${key}`, now(), ...args));
  return {
    reserve: (key, member, budget) =>
      run("casinoReserveAttempt", key, budget.windowMs, budget.maxFailures, member),
    pace: (key, member, pace) =>
      run(
        "casinoPaceAttempt",
        key,
        pace.windowMs,
        pace.freeFailures,
        pace.baseDelayMs,
        pace.maxDelayMs,
        member,
      ),
    async refund(key, member) {
      await redis.zrem(`${FAILURE_KEY_PREFIX}${key}`, member);
    },
  };
}
