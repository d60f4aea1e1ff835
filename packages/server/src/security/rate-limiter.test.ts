import { describe, expect, it } from "vitest";
import { createMemoryRateLimiter } from "./rate-limiter.ts";

describe("createMemoryRateLimiter", () => {
  const size = { perSecond: 2, burst: 3 };

  it("allows the burst, then refuses with the wait until the next token", async () => {
    let clock = 1_000;
    const limiter = createMemoryRateLimiter({ now: () => clock });
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
    const limiter = createMemoryRateLimiter({ now: () => clock });
    for (let i = 0; i < 3; i++) await limiter.consume("a", size);
    expect((await limiter.consume("b", size)).allowed).toBe(true);
    clock += 60_000;
    const allowed = [];
    for (let i = 0; i < 5; i++) allowed.push((await limiter.consume("a", size)).allowed);
    expect(allowed).toEqual([true, true, true, false, false]);
  });

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
