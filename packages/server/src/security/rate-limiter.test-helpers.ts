/**
 * The contract every rate limiter keeps (in memory and in Redis): fixed windows that allow the
 * burst, refuse with the wait until the window ends, then give a whole new burst and never more,
 * one per key. Each limiter's test file runs it.
 */
import { describe, expect, it } from "vitest";
import type { RateLimiter } from "./rate-limiter.ts";

/** Makes a fresh limiter (own keys). */
export type LimiterFactory = () => RateLimiter;

/** Lets `ms` pass for the limiter: fake timers for memory, real time for Redis. */
export type Pass = (ms: number) => Promise<void>;

/** Runs the contract against a limiter. */
export function describeRateLimiter(name: string, makeLimiter: LimiterFactory, pass: Pass): void {
  const perMinute = { perSecond: 0.05, burst: 3 }; // 3 per 60-second window
  const perSecond = { perSecond: 2, burst: 2 }; // 2 per 1-second window

  describe(`${name}: the request budgets`, () => {
    it("allows the burst, then refuses with the wait until the window ends, per key", async () => {
      const limiter = makeLimiter();
      const decisions = [];
      for (let i = 0; i < 4; i++) decisions.push(await limiter.consume("a", perMinute));
      expect(decisions.slice(0, 3).every((d) => d.allowed)).toBe(true);
      const refused = decisions[3];
      if (refused?.allowed !== false) throw new Error("the fourth request was allowed");
      expect(refused.retryAfterMs).toBeGreaterThan(50_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
      expect((await limiter.consume("b", perMinute)).allowed).toBe(true);
    });

    it("gives a whole new burst once the window has ended, and never more", async () => {
      const limiter = makeLimiter();
      const first = [];
      for (let i = 0; i < 3; i++) first.push(await limiter.consume("c", perSecond));
      expect(first.map((d) => d.allowed)).toEqual([true, true, false]);
      const refused = first[2];
      if (refused?.allowed !== false) throw new Error("the third request was allowed");
      expect(refused.retryAfterMs).toBeLessThanOrEqual(1000);
      await pass(1100);
      const second = [];
      for (let i = 0; i < 3; i++) second.push((await limiter.consume("c", perSecond)).allowed);
      expect(second).toEqual([true, true, false]);
    });
  });
}
