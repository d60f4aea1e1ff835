import { describe, expect, it } from "vitest";
import { describeRateLimiter } from "./rate-limiter.test-helpers.ts";
import { createMemoryRateLimiter } from "./rate-limiter.ts";

describeRateLimiter("in memory", (now) => createMemoryRateLimiter({ now }));

describe("createMemoryRateLimiter", () => {
  const size = { perSecond: 2, burst: 3 };

  it("keeps a slowly refilling bucket when a flood of fast ones is pruned", async () => {
    let clock = 0;
    const limiter = createMemoryRateLimiter({ now: () => clock, maxBuckets: 10 });
    const slow = { perSecond: 1 / 60, burst: 2 };
    await limiter.consume("identity:a", slow);
    await limiter.consume("identity:a", slow);
    for (let i = 0; i < 20; i++) {
      clock += 1000;
      await limiter.consume(`addr:${i}`, size);
    }
    expect((await limiter.consume("identity:a", slow)).allowed).toBe(false);
  });

  it("bounds its memory under a flood of distinct keys", async () => {
    const limiter = createMemoryRateLimiter({ now: () => 0, maxBuckets: 100 });
    for (let i = 0; i < 1000; i++) await limiter.consume(`k${i}`, size);
    expect(limiter.size()).toBeLessThanOrEqual(100);
  });
});
