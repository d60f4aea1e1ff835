/**
 * The rate limiter of a scaled-out casino: the same budgets as the in-memory limiter, counted in
 * Redis (scale/redis-limiter-store.ts), so a session or a source address has one budget whichever
 * process its requests reach.
 */
import type { Redis } from "ioredis";
import type { Logger } from "../log.ts";
import {
  createMemoryRateLimiter,
  createStoreRateLimiter,
  type RateLimiter,
} from "../security/rate-limiter.ts";
import { createRedisStore } from "./redis-limiter-store.ts";

/** How often a Redis outage is logged while this process counts the budgets alone. */
const OUTAGE_LOG_INTERVAL_MS = 10_000;

/**
 * Creates the Redis limiter. When Redis cannot be reached each process keeps the budgets in its own
 * memory and the outage is logged: an outage of the limiter must neither take the casino down with
 * it nor lift every limit.
 */
export function createRedisRateLimiter(redis: Redis, options: { log?: Logger } = {}): RateLimiter {
  const local = createMemoryRateLimiter();
  let lastOutageLog = 0;
  return createStoreRateLimiter(createRedisStore(redis), (error, key, size, cost) => {
    if (Date.now() - lastOutageLog > OUTAGE_LOG_INTERVAL_MS) {
      lastOutageLog = Date.now();
      options.log?.error({ err: error }, "rate limiter: Redis unreachable, budgets are kept per process");
    }
    return local.consume(key, size, cost);
  });
}
