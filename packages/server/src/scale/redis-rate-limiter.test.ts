import { afterAll, describe, expect, it } from "vitest";
import { openRedis } from "./redis-client.ts";
import { createRedisRateLimiter, RATE_LIMIT_KEY_PREFIX } from "./redis-rate-limiter.ts";
import { openTestRedis, redisUrlForTests } from "./test-redis.ts";

describe.skipIf(!redisUrlForTests())("createRedisRateLimiter", () => {
  const { redis, namespace } = openTestRedis("rl");
  const size = { perSecond: 2, burst: 3 };
  afterAll(async () => {
    await namespace.cleanup();
    redis.disconnect();
  });

  it("allows the burst, then refuses with the wait until the next token (as the memory limiter)", async () => {
    let clock = 1_000;
    const limiter = createRedisRateLimiter(redis, { now: () => clock });
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.consume("a", size));
    expect(decisions.slice(0, 3).every((d) => d.allowed)).toBe(true);
    expect(decisions[3]).toEqual({ allowed: false, retryAfterMs: 500 });
    clock += 500;
    expect((await limiter.consume("a", size)).allowed).toBe(true);
    expect((await limiter.consume("a", size)).allowed).toBe(false);
  });

  it("keeps buckets apart per key and never refills above the burst", async () => {
    let clock = 0;
    const limiter = createRedisRateLimiter(redis, { now: () => clock });
    for (let i = 0; i < 3; i++) await limiter.consume("b", size);
    expect((await limiter.consume("c", size)).allowed).toBe(true);
    clock += 60_000;
    const allowed = [];
    for (let i = 0; i < 5; i++) allowed.push((await limiter.consume("b", size)).allowed);
    expect(allowed).toEqual([true, true, true, false, false]);
  });

  it("shares one budget between processes: 10 concurrent requests through two connections get 3 tokens", async () => {
    const other = openRedis(namespace.url, "casino-test-other");
    try {
      const clock = () => 5_000;
      const here = createRedisRateLimiter(redis, { now: clock });
      const there = createRedisRateLimiter(other, { now: clock });
      const decisions = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? here : there).consume("shared", size)),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
    } finally {
      other.disconnect();
    }
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
