import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { describeRateLimiter } from "../security/rate-limiter.test-helpers.ts";
import { RATE_LIMIT_KEY_PREFIX } from "../security/rate-limiter.ts";
import { openRedis } from "./redis-client.ts";
import { createRedisRateLimiter } from "./redis-rate-limiter.ts";
import { inTwoProcesses, redisUrlForTests, useTestRedis } from "./test-redis.ts";

describe.skipIf(!redisUrlForTests())("createRedisRateLimiter", () => {
  const opened = useTestRedis("rl");
  const { redis } = opened;
  const size = { perSecond: 2, burst: 3 };

  let run = 0;

  // Each case gets keys of its own under the connection's prefix; Redis keeps its own time.
  describeRateLimiter(
    "Redis",
    () => {
      const limiter = createRedisRateLimiter(redis);
      const scope = `run${++run}:`;
      return {
        consume: (key, bucket, cost) => limiter.consume(scope + key, bucket, cost),
        reset: () => limiter.reset(),
      };
    },
    async (ms) => {
      await sleep(ms);
    },
  );

  it("shares one budget between processes: 10 concurrent requests through two connections get 3", async () => {
    const [here, there] = inTwoProcesses(opened, (r) => createRedisRateLimiter(r));
    const decisions = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? here : there).consume("shared", size)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
  });

  it("keeps a budget under the rate-limit prefix and lets its key expire with the window", async () => {
    const limiter = createRedisRateLimiter(redis);
    expect((await limiter.consume("expiring", { perSecond: 10, burst: 5 })).allowed).toBe(true);
    const ttl = await redis.pttl(`${RATE_LIMIT_KEY_PREFIX}expiring`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1000);
  });

  it("keeps the budgets in this process when Redis is unreachable: neither refusing everyone nor lifting the limit", async () => {
    const dead = openRedis("redis://127.0.0.1:1/0", "casino-test-dead");
    try {
      const limiter = createRedisRateLimiter(dead);
      const decisions = [];
      const perMinute = { perSecond: 0.05, burst: 3 };
      for (let i = 0; i < 4; i++) decisions.push((await limiter.consume("x", perMinute)).allowed);
      expect(decisions).toEqual([true, true, true, false]);
    } finally {
      dead.disconnect();
    }
  });
});
