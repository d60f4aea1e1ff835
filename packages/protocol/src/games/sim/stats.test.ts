import { describe, expect, it } from "vitest";
import { createSeededStream } from "./seeded-stream.ts";
import { createRtpStats, mergeRtpStats, recordRound, summariseRtp } from "./stats.ts";

describe("RTP statistics", () => {
  it("computes RTP, hit rate and a 95% interval from returns per bet", () => {
    const stats = createRtpStats();
    for (const returned of [0, 2, 0, 2]) recordRound(stats, 1, returned);
    const summary = summariseRtp(stats);
    expect(summary.rtp).toBe(1);
    expect(summary.hitRate).toBe(0.5);
    // Sample standard deviation of 0,2,0,2 is sqrt(4/3); half-width = 1.96 * sd / sqrt(4).
    expect(summary.halfWidth95).toBeCloseTo((1.96 * Math.sqrt(4 / 3)) / 2, 12);
    expect(summary.maxReturn).toBe(2);
  });

  it("merges worker sums into the same figures as one run", () => {
    const a = createRtpStats();
    const b = createRtpStats();
    const all = createRtpStats();
    [1, 0, 3].forEach((x) => {
      recordRound(a, 1, x);
      recordRound(all, 1, x);
    });
    [5, 0].forEach((x) => {
      recordRound(b, 1, x);
      recordRound(all, 1, x);
    });
    expect(summariseRtp(mergeRtpStats(a, b))).toEqual(summariseRtp(all));
  });

  it("seeded floats are reproducible, in [0, 1) and roughly uniform", () => {
    const one = createSeededStream(42);
    const two = createSeededStream(42);
    const buckets = new Array<number>(10).fill(0);
    let mismatches = 0;
    let outOfRange = 0;
    for (let i = 0; i < 100_000; i++) {
      const f = one.next();
      if (f !== two.next()) mismatches++;
      if (!(f >= 0 && f < 1)) outOfRange++;
      buckets[Math.floor(f * 10)]!++;
    }
    expect([mismatches, outOfRange]).toEqual([0, 0]);
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
    expect(one.position).toBe(100_000);
    expect(createSeededStream(43).next()).not.toBe(createSeededStream(42).next());
  });
});
