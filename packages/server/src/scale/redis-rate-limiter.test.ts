import { describe, expect, it } from "vitest";
import { describeRateLimiter } from "../security/rate-limiter.test-helpers.ts";
import { openRedis } from "./redis-client.ts";
import { createRedisRateLimiter, RATE_LIMIT_KEY_PREFIX } from "./redis-rate-limiter.ts";
import { inTwoProcesses, redisUrlForTests, useTestRedis } from "./test-redis.ts";

describe.skipIf(!redisUrlForTests())("createRedisRateLimiter", () => {
  const opened = useTestRedis("rl");
  const { redis } = opened;
  const size = { perSecond: 2, burst: 3 };

  let run = 0;

  // Each case gets keys of its own under the connection's prefix.
  describeRateLimiter("Redis", (now) => {
    const limiter = createRedisRateLimiter(redis, { now });
    const scope = `run${++run}:`;
    return {
      consume: (key, bucket, cost) => limiter.consume(scope + key, bucket, cost),
      reset: () => limiter.reset(),
    };
  });

  it("shares one budget between processes: 10 concurrent requests through two connections get 3 tokens", async () => {
    const [here, there] = inTwoProcesses(opened, (r) => createRedisRateLimiter(r, { now: () => 5_000 }));
    const decisions = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? here : there).consume("shared", size)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
  });

  it("uses the Redis clock by default and lets a bucket key expire once it would be full again", async () => {
    const limiter = createRedisRateLimiter(redis);
    expect((await limiter.consume("expiring", { perSecond: 10, burst: 5 })).allowed).toBe(true);
    const ttl = await redis.pttl(`${RATE_LIMIT_KEY_PREFIX}expiring`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1500);
  });

  it("lets requests through when Redis is unreachable, rather than refusing everyone", async () => {
    const dead = openRedis("redis://127.0.0.1:1/0", "casino-test-dead");
    try {
      const limiter = createRedisRateLimiter(dead);
      expect(await limiter.consume("x", size)).toEqual({ allowed: true });
    } finally {
      dead.disconnect();
    }
  });
});
