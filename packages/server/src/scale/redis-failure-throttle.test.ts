import { describe, expect, it } from "vitest";
import { describeAttemptStore } from "../operator/throttle.test-helpers.ts";
import { ACCOUNT_FAILURE_PACE, LOGIN_FAILURE_LIMIT } from "../operator/throttle.ts";
import { createRedisFailureThrottle, FAILURE_KEY_PREFIX } from "./redis-failure-throttle.ts";
import { inTwoProcesses, redisUrlForTests, useTestRedis } from "./test-redis.ts";

describe.skipIf(!redisUrlForTests())("createRedisFailureThrottle", () => {
  const opened = useTestRedis("pw");
  const { redis } = opened;
  let run = 0;

  // Each case gets keys of its own under the connection's prefix.
  describeAttemptStore("Redis", (now) => {
    const store = createRedisFailureThrottle(redis, { now });
    const scope = `run${++run}:`;
    return {
      reserve: (key, member, budget) => store.reserve(scope + key, member, budget),
      pace: (key, member, pace) => store.pace(scope + key, member, pace),
      refund: (key, member) => store.refund(scope + key, member),
    };
  });

  it("counts attempts made through every process against one budget", async () => {
    const [here, there] = inTwoProcesses(opened, (r) =>
      createRedisFailureThrottle(r, { now: () => 2_000_000 }),
    );
    const waits = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? here : there).reserve("vault:source:c", `m${i}`, LOGIN_FAILURE_LIMIT),
      ),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(LOGIN_FAILURE_LIMIT.maxFailures);
  });

  it("lets the keys expire with their window", async () => {
    const store = createRedisFailureThrottle(redis, { now: () => 3_000_000 });
    const budget = { maxFailures: 5, windowMs: 60_000 };
    for (let i = 0; i < 20; i++) await store.reserve("login:source:flood", `m${i}`, budget);
    await store.pace("login:account", "m", ACCOUNT_FAILURE_PACE);
    expect(await redis.zcard(`${FAILURE_KEY_PREFIX}login:source:flood`)).toBe(budget.maxFailures);
    const ttl = await redis.pttl(`${FAILURE_KEY_PREFIX}login:source:flood`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await redis.pttl(`${FAILURE_KEY_PREFIX}login:account`)).toBeGreaterThan(60_000);
  });
});
