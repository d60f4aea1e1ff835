import { describe, expect, it } from "vitest";
import { useFakeTimers } from "../fake-timers.test-helpers.ts";
import { describeRateLimiter } from "./rate-limiter.test-helpers.ts";
import { createMemoryRateLimiter, windowOf } from "./rate-limiter.ts";

const advance = useFakeTimers();

describeRateLimiter("in memory", () => createMemoryRateLimiter(), advance);

describe("windowOf", () => {
  it("counts a bucket as its burst per the whole seconds its rate takes to give that many", () => {
    expect(windowOf({ perSecond: 1000, burst: 2000 })).toEqual({ points: 2000, duration: 2 });
    expect(windowOf({ perSecond: 10 / 60, burst: 20 })).toEqual({ points: 20, duration: 120 });
    // Rounded up: the rate over a window never exceeds the bucket's.
    expect(windowOf({ perSecond: 2, burst: 3 })).toEqual({ points: 3, duration: 2 });
    expect(windowOf({ perSecond: 100, burst: 2.5 })).toEqual({ points: 2, duration: 1 });
    // A window is a timer in memory: it stays within what Node's timers hold.
    expect(windowOf({ perSecond: 1e-9, burst: 5 }).duration).toBeLessThan(2 ** 31 / 1000);
  });
});

describe("createMemoryRateLimiter", () => {
  const size = { perSecond: 2, burst: 3 };

  it("keeps a slow budget when a flood of quick ones is pruned", async () => {
    const limiter = createMemoryRateLimiter({ maxBuckets: 10 });
    const slow = { perSecond: 1 / 60, burst: 2 };
    await limiter.consume("identity:a", slow);
    await limiter.consume("identity:a", slow);
    for (let i = 0; i < 20; i++) {
      await advance(1000);
      await limiter.consume(`addr:${i}`, size);
    }
    expect((await limiter.consume("identity:a", slow)).allowed).toBe(false);
  });

  it("bounds its memory under a flood of distinct keys", async () => {
    const limiter = createMemoryRateLimiter({ maxBuckets: 100 });
    for (let i = 0; i < 1000; i++) await limiter.consume(`k${i}`, size);
    expect(limiter.size()).toBeLessThanOrEqual(100);
  });

  it("forgets every budget on reset", async () => {
    const limiter = createMemoryRateLimiter();
    for (let i = 0; i < 3; i++) await limiter.consume("r", size);
    expect((await limiter.consume("r", size)).allowed).toBe(false);
    limiter.reset();
    expect((await limiter.consume("r", size)).allowed).toBe(true);
  });
});
