/**
 * The cost of the request budgets on the hot path: consumes per second of the in-memory limiter
 * (rate-limiter-flexible behind security/rate-limiter.ts) over a few keys (one busy client) and
 * over many (a crowd of addresses), and of the Redis limiter when a Redis URL is given. A REST
 * request takes two (its address and its session).
 *
 *   node bench/rate-limiter.ts [--consumes 300000] [--redis redis://127.0.0.1:6379/0]
 */

import { performance } from "node:perf_hooks";
import { readCommandLine } from "@casino/protocol/cli/command-line";
import { deleteKeysWithPrefix, keyPrefixOf, openRedis } from "../src/scale/redis-client.ts";
import { createRedisRateLimiter } from "../src/scale/redis-rate-limiter.ts";
import {
  createMemoryRateLimiter,
  RATE_LIMIT_KEY_PREFIX,
  type RateLimiter,
} from "../src/security/rate-limiter.ts";

const { values: args } = readCommandLine({
  consumes: { type: "string", default: "300000" },
  redis: { type: "string", default: "" },
});
const consumes = Number(args.consumes);
const size = { perSecond: 1000, burst: 2000 };

/** Runs `count` sequential consumes over `keys` keys and prints the rate. */
async function measure(name: string, limiter: RateLimiter, keys: number, count: number): Promise<void> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await limiter.consume(`bench:${i % keys}`, size);
  const perSecond = Math.round(count / ((performance.now() - started) / 1000));
  console.log(
    `${name.padEnd(8)} keys ${String(keys).padStart(7)}: ${perSecond.toLocaleString("en")} consumes/s`,
  );
}

for (const keys of [100, 100_000]) await measure("memory", createMemoryRateLimiter(), keys, consumes);
if (args.redis) {
  const redis = openRedis(args.redis, "casino-bench");
  const limiter = createRedisRateLimiter(redis);
  try {
    for (const keys of [100, 100_000]) await measure("redis", limiter, keys, Math.min(consumes, 30_000));
  } finally {
    await deleteKeysWithPrefix(redis, `${keyPrefixOf(redis)}${RATE_LIMIT_KEY_PREFIX}bench:`);
    redis.disconnect();
  }
}
