/**
 * The operator's failed-password throttle in Redis: the same sliding window as the in-memory
 * throttle (5 failures per 15 minutes per source), one sorted set of failure times per source, so a
 * password guesser gains nothing by spreading attempts over the processes behind the proxy.
 */
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { LOGIN_FAILURE_LIMIT } from "../operator/throttle.ts";

/** Where the failure windows live under the connection's prefix. */
export const FAILURE_KEY_PREFIX = "casino:pwfail:";

/** Drops failures older than the window; answers 0 or the wait until the oldest counted one leaves. */
const RETRY_AFTER = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count < max then return 0 end
local oldest = redis.call('ZRANGE', KEYS[1], count - max, count - max, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`;

/** Adds one failure, keeps only the last `max`, and lets the set expire with the window. */
const RECORD_FAILURE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(max + 1))
redis.call('PEXPIRE', KEYS[1], window)
return 1
`;

type WindowScript = (
  key: string,
  now: number,
  windowMs: number,
  max: number,
  member?: string,
) => Promise<number>;

/** The throttle as the operator routes call it (awaited: Redis answers asynchronously). */
export interface SharedFailureThrottle {
  retryAfterMs(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
}

/** Creates the throttle over a Redis connection; the clock is injectable so tests need no sleeping. */
export function createRedisFailureThrottle(
  redis: Redis,
  options: { maxFailures?: number; windowMs?: number; now?: () => number } = {},
): SharedFailureThrottle {
  const maxFailures = options.maxFailures ?? LOGIN_FAILURE_LIMIT.maxFailures;
  const windowMs = options.windowMs ?? LOGIN_FAILURE_LIMIT.windowMs;
  const now = options.now ?? Date.now;
  if (!("casinoRetryAfter" in redis)) {
    redis.defineCommand("casinoRetryAfter", { numberOfKeys: 1, lua: RETRY_AFTER });
    redis.defineCommand("casinoRecordFailure", { numberOfKeys: 1, lua: RECORD_FAILURE });
  }
  const scripts = redis as unknown as { casinoRetryAfter: WindowScript; casinoRecordFailure: WindowScript };
  return {
    async retryAfterMs(key) {
      return Number(
        await scripts.casinoRetryAfter(`${FAILURE_KEY_PREFIX}${key}`, now(), windowMs, maxFailures),
      );
    },
    async recordFailure(key) {
      const member = `${now()}:${randomBytes(6).toString("hex")}`;
      await scripts.casinoRecordFailure(`${FAILURE_KEY_PREFIX}${key}`, now(), windowMs, maxFailures, member);
    },
  };
}
