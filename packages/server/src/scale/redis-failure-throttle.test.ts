import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { describePasswordThrottle } from "../operator/throttle.test-helpers.ts";
import { createPasswordThrottle, FAILURE_KEY_PREFIX } from "../operator/throttle.ts";
import { createRedisFailureThrottle } from "./redis-failure-throttle.ts";
import { inTwoProcesses, redisUrlForTests, useTestRedis } from "./test-redis.ts";

describe.skipIf(!redisUrlForTests())("createRedisFailureThrottle", () => {
  const opened = useTestRedis("pw");
  const { redis } = opened;
  let run = 0;

  // Each case gets keys of its own: a fresh prefix under the connection's; Redis keeps its own time.
  describePasswordThrottle(
    "Redis",
    () => {
      const scope = `run${++run}:`;
      const store = createRedisFailureThrottle(redis);
      return {
        open: (counter) => store.open({ ...counter, keyPrefix: `${scope}${counter.keyPrefix}` }),
        clear: (keyPrefix) => store.clear(`${scope}${keyPrefix}`),
      };
    },
    async (ms) => {
      await sleep(ms);
    },
  );

  it("counts attempts made through every process against one budget", async () => {
    const [here, there] = inTwoProcesses(opened, (r) =>
      createPasswordThrottle(createRedisFailureThrottle(r)),
    );
    const begun = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? here : there).begin("vault", "c")),
    );
    expect(begun.filter((b) => b.ok)).toHaveLength(5);
  });

  it("keeps the counts under the password prefix, refusals uncounted, expiring with their window", async () => {
    const throttle = createPasswordThrottle(createRedisFailureThrottle(redis), {
      source: { maxFailures: 5, windowMs: 60_000 },
    });
    for (let i = 0; i < 20; i++) {
      const begun = await throttle.begin("login", "flood");
      if (begun.ok) await begun.attempt.settle(false);
    }
    expect(await redis.get(`${FAILURE_KEY_PREFIX}login:source:flood`)).toBe("5");
    const ttl = await redis.pttl(`${FAILURE_KEY_PREFIX}login:source:flood`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await redis.pttl(`${FAILURE_KEY_PREFIX}login:account`)).toBeGreaterThan(60_000);
  });
});
