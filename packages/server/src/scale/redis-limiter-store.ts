/**
 * The budgets of a scaled-out casino in Redis: rate-limiter-flexible's Redis counters over the
 * casino's ioredis connection (each count one Lua script, so every process sees one budget per
 * key), its keys under the connection's prefix and expiring with their window.
 */
import type { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import type { LimiterStore } from "../security/limiter-store.ts";
import { deleteKeysWithPrefix, keyPrefixOf } from "./redis-client.ts";

/** Creates the store; a count made while the connection is down waits for it as any command does. */
export function createRedisStore(redis: Redis): LimiterStore {
  return {
    open: (counter) => new RateLimiterRedis({ ...counter, storeClient: redis }),
    async clear(keyPrefix) {
      await deleteKeysWithPrefix(redis, `${keyPrefixOf(redis)}${keyPrefix}:`);
    },
  };
}
