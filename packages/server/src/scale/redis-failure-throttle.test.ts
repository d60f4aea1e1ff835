import { afterAll, describe, expect, it } from "vitest";
import { LOGIN_FAILURE_LIMIT } from "../operator/throttle.ts";
import { openRedis } from "./redis-client.ts";
import { createRedisFailureThrottle, FAILURE_KEY_PREFIX } from "./redis-failure-throttle.ts";
import { openTestRedis, redisUrlForTests } from "./test-redis.ts";

describe.skipIf(!redisUrlForTests())("createRedisFailureThrottle", () => {
  const { redis, namespace } = openTestRedis("pw");
  afterAll(async () => {
    await namespace.cleanup();
    redis.disconnect();
  });

  it("allows 5 failures per 15 minutes per source, then refuses until the oldest leaves the window", async () => {
    let clock = 1_000_000;
    const throttle = createRedisFailureThrottle(redis, { now: () => clock });
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.maxFailures; i++) {
      expect(await throttle.retryAfterMs("login:a")).toBe(0);
      await throttle.recordFailure("login:a");
      clock += 1000;
    }
    expect(await throttle.retryAfterMs("login:a")).toBe(LOGIN_FAILURE_LIMIT.windowMs - 5000);
    expect(await throttle.retryAfterMs("login:b")).toBe(0);
    clock += LOGIN_FAILURE_LIMIT.windowMs - 5000;
    expect(await throttle.retryAfterMs("login:a")).toBe(0);
    await throttle.recordFailure("login:a");
    expect(await throttle.retryAfterMs("login:a")).toBeGreaterThan(0);
  });

  it("counts failures made through every process against one window", async () => {
    const other = openRedis(namespace.url, "casino-test-other");
    try {
      const clock = () => 2_000_000;
      const here = createRedisFailureThrottle(redis, { now: clock });
      const there = createRedisFailureThrottle(other, { now: clock });
      await Promise.all([1, 2, 3, 4, 5].map((i) => (i % 2 ? here : there).recordFailure("vault:c")));
      expect(await there.retryAfterMs("vault:c")).toBe(LOGIN_FAILURE_LIMIT.windowMs);
      expect(await here.retryAfterMs("vault:c")).toBe(LOGIN_FAILURE_LIMIT.windowMs);
    } finally {
      other.disconnect();
    }
  });

  it("keeps at most the failures that matter and lets the key expire with the window", async () => {
    const throttle = createRedisFailureThrottle(redis, { now: () => 3_000_000, windowMs: 60_000 });
    for (let i = 0; i < 20; i++) await throttle.recordFailure("login:flood");
    expect(await redis.zcard(`${FAILURE_KEY_PREFIX}login:flood`)).toBe(LOGIN_FAILURE_LIMIT.maxFailures);
    const ttl = await redis.pttl(`${FAILURE_KEY_PREFIX}login:flood`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
