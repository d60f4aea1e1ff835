/**
 * The rate limiter of a scaled-out casino: the same token buckets as the in-memory limiter, kept in
 * Redis and updated by one Lua script per request, so a session or a source address has one budget
 * whichever process its requests reach. A bucket key expires once it would have refilled anyway.
 */
import type { Redis } from "ioredis";
import type { Logger } from "../log.ts";
import type { BucketSize, RateDecision, RateLimiter } from "../security/rate-limiter.ts";
import { deleteKeysWithPrefix, keyPrefixOf } from "./redis-client.ts";

/** Where the buckets live under the connection's prefix. */
export const RATE_LIMIT_KEY_PREFIX = "casino:rl:";

/**
 * Refill, take, store, in one atomic step. ARGV: tokens per second, burst, cost, now in ms (or -1
 * for the Redis clock, shared by every process). Returns {allowed 0/1, retry-after ms}.
 */
const TAKE_TOKENS = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local now = tonumber(ARGV[4])
if now < 0 then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local state = redis.call('HMGET', KEYS[1], 't', 'u')
local tokens = tonumber(state[1])
local updated = tonumber(state[2])
if tokens == nil or updated == nil then
  tokens = burst
  updated = now
end
tokens = math.min(burst, tokens + math.max(0, now - updated) / 1000 * rate)
local allowed = 0
local retry = 0
if tokens >= cost then
  tokens = tokens - cost
  allowed = 1
else
  retry = math.ceil((cost - tokens) / rate * 1000)
end
redis.call('HSET', KEYS[1], 't', string.format('%.9f', tokens), 'u', string.format('%d', now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return {allowed, retry}
`;

type TakeTokens = (
  key: string,
  perSecond: number,
  burst: number,
  cost: number,
  now: number,
) => Promise<number[]>;

/** How often a Redis outage is logged while requests are let through. */
const OUTAGE_LOG_INTERVAL_MS = 10_000;

/**
 * Creates the Redis limiter. `now` is for tests (default: the Redis server's clock). When Redis
 * cannot be reached the request is let through and the outage logged: an outage of the limiter
 * must not take the casino down with it.
 */
export function createRedisRateLimiter(
  redis: Redis,
  options: { now?: () => number; log?: Logger } = {},
): RateLimiter {
  if (!("casinoTakeTokens" in redis))
    redis.defineCommand("casinoTakeTokens", { numberOfKeys: 1, lua: TAKE_TOKENS });
  const take = (redis as unknown as { casinoTakeTokens: TakeTokens }).casinoTakeTokens.bind(redis);
  let lastOutageLog = 0;
  return {
    async consume(key: string, size: BucketSize, cost = 1): Promise<RateDecision> {
      try {
        const [allowed, retry] = await take(
          `${RATE_LIMIT_KEY_PREFIX}${key}`,
          size.perSecond,
          size.burst,
          cost,
          options.now ? options.now() : -1,
        );
        return allowed === 1 ? { allowed: true } : { allowed: false, retryAfterMs: Number(retry) };
      } catch (error) {
        if (Date.now() - lastOutageLog > OUTAGE_LOG_INTERVAL_MS) {
          lastOutageLog = Date.now();
          options.log?.error({ err: error }, "rate limiter: Redis unreachable, requests are let through");
        }
        return { allowed: true };
      }
    },
    reset() {
      void deleteKeysWithPrefix(redis, `${keyPrefixOf(redis)}${RATE_LIMIT_KEY_PREFIX}`).catch(
        () => undefined,
      );
    },
  };
}
