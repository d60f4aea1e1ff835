import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFloatStream, type FloatStream } from "../../fair/stream.ts";
import { assertPayoutBound } from "../payout-bound.test-helpers.ts";
import { simulateRounds } from "../sim/runners.ts";
import { createScriptedStream } from "../sim/scripted-stream.ts";
import { summariseRtp } from "../sim/stats.ts";
import {
  dropPlinko,
  PLINKO_MAX_MULTIPLIER,
  PLINKO_MULTIPLIERS,
  PLINKO_RISKS,
  PLINKO_SLOTS,
  type PlinkoRisk,
  plinkoExactRtp,
} from "./plinko.ts";

/** C(n, k) by the multiplicative formula, independent of the module's own helper. */
function choose(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

describe("plinko", () => {
  it("has 13 mirror-symmetric slots per risk with DESIGN.md's tables", () => {
    expect(PLINKO_MULTIPLIERS.low).toEqual([8, 3, 1.8, 1.3, 1.1, 0.9, 0.6, 0.9, 1.1, 1.3, 1.8, 3, 8]);
    expect(PLINKO_MULTIPLIERS.medium).toEqual([25, 12, 6, 2, 1, 0.5, 0.2, 0.5, 1, 2, 6, 12, 25]);
    expect(PLINKO_MULTIPLIERS.high).toEqual([60, 24, 8, 2.2, 0.7, 0.3, 0.1, 0.3, 0.7, 2.2, 8, 24, 60]);
    for (const risk of PLINKO_RISKS) expect(PLINKO_MULTIPLIERS[risk]).toHaveLength(PLINKO_SLOTS);
    expect(PLINKO_MAX_MULTIPLIER).toEqual({ low: 8, medium: 25, high: 60 });
  });

  it.each([
    ["low", 0.9684],
    ["medium", 0.9709],
    ["high", 0.9718],
  ] as const)("exact RTP of %s from the binomial distribution is %f", (risk, rounded) => {
    let rtp = 0;
    for (let slot = 0; slot <= 12; slot++) rtp += (choose(12, slot) / 4096) * PLINKO_MULTIPLIERS[risk][slot]!;
    expect(Math.round(rtp * 10_000) / 10_000).toBe(rounded);
    expect(plinkoExactRtp(risk)).toBeCloseTo(rtp, 12);
  });

  it("goes right on floats at or above one half and lands on the number of rights", () => {
    const floats = [0.5, 0.49, 0.99, 0, 0.5, 0.5, 0.1, 0.2, 0.7, 0.3, 0.4, 0.6];
    const outcome = dropPlinko(2_000_000, "medium", createScriptedStream(floats));
    expect(outcome.path).toEqual([1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1]);
    expect(outcome.slot).toBe(6);
    expect(outcome.multiplier).toBe(0.2);
    expect(outcome.win).toBe(400_000);
    expect(outcome.isWin).toBe(false);
    const edge = dropPlinko(2_000_000, "medium", createScriptedStream(Array<number>(12).fill(0)));
    expect([edge.slot, edge.win, edge.isWin]).toEqual([0, 50_000_000, true]);
  });

  it("known answer: the path of a fixed seed from node:crypto's HMAC", () => {
    const serverSeed = "c0ffee".padEnd(64, "0");
    const bytes = createHmac("sha256", serverSeed).update("quantum:3:0").digest();
    const bytes2 = createHmac("sha256", serverSeed).update("quantum:3:1").digest();
    const all = Buffer.concat([bytes, bytes2]);
    const path = Array.from({ length: 12 }, (_, i) => (all[i * 4]! >= 128 ? 1 : 0));
    const slot = path.reduce<number>((a, b) => a + b, 0);
    const outcome = dropPlinko(1_000, "high", createFloatStream(serverSeed, "quantum", 3));
    expect(outcome.path).toEqual(path);
    expect(outcome.slot).toBe(slot);
    expect(outcome.win).toBe(Math.floor(1_000 * PLINKO_MULTIPLIERS.high[slot]!));
  });

  it("never pays above the risk's max multiplier, always in whole units", () => {
    const dropTwelveRows = (stake: number, risk: PlinkoRisk, stream: FloatStream) => {
      const outcome = dropPlinko(stake, risk, stream);
      expect(outcome.path).toHaveLength(12);
      return outcome;
    };
    assertPayoutBound(dropTwelveRows, PLINKO_RISKS, (risk) => PLINKO_MAX_MULTIPLIER[risk], 5);
  });

  it.each(PLINKO_RISKS)(
    "simulated RTP of %s over 10^6 drops lies within 3 standard errors of the exact RTP",
    (risk) => {
      const summary = summariseRtp(simulateRounds({ game: "plinko", risk }, 1_000_000, 21));
      expect(Math.abs(summary.rtp - plinkoExactRtp(risk))).toBeLessThan((3 * summary.halfWidth95) / 1.96);
    },
  );
});
