/**
 * The contract every rate limiter keeps (in memory and in Redis): token buckets that allow the
 * burst, refill at their rate and never above the burst, one per key. Each limiter's test file runs it.
 */
import { describe, expect, it } from "vitest";
import type { RateLimiter } from "./rate-limiter.ts";

/** Makes a fresh limiter (own keys) reading the given clock. */
export type LimiterFactory = (now: () => number) => RateLimiter;

/** Runs the contract against a limiter. */
export function describeRateLimiter(name: string, makeLimiter: LimiterFactory): void {
  const size = { perSecond: 2, burst: 3 };

  describe(`${name}: the token buckets`, () => {
    it("allows the burst, then refuses with the wait until the next token", async () => {
      let clock = 1_000;
      const limiter = makeLimiter(() => clock);
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
      const limiter = makeLimiter(() => clock);
      for (let i = 0; i < 3; i++) await limiter.consume("a", size);
      expect((await limiter.consume("b", size)).allowed).toBe(true);
      clock += 60_000;
      const allowed = [];
      for (let i = 0; i < 5; i++) allowed.push((await limiter.consume("a", size)).allowed);
      expect(allowed).toEqual([true, true, true, false, false]);
    });
  });
}
