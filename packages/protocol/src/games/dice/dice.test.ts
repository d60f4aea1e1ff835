import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFloatStream } from "../../fair/stream.ts";
import { assertPayoutBound } from "../payout-bound.test-helpers.ts";
import { simulateRounds } from "../sim/runners.ts";
import { createScriptedStream } from "../sim/scripted-stream.ts";
import { summariseRtp } from "../sim/stats.ts";
import {
  DICE_BET_TYPES,
  DICE_MAX_MULTIPLIER,
  DICE_MULTIPLIERS,
  DICE_WIN_PROBABILITY,
  rollDice,
} from "./dice.ts";

/** The first two floats of a round, straight from node:crypto. */
function referenceFloats(serverSeed: string, clientSeed: string, nonce: number): [number, number] {
  const b = createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}:0`).digest();
  const float = (o: number) =>
    b[o]! / 256 + b[o + 1]! / 256 ** 2 + b[o + 2]! / 256 ** 3 + b[o + 3]! / 256 ** 4;
  return [float(0), float(4)];
}

describe("dice", () => {
  it("pays 0.972 / p for every bet, so the edge is 2.8% on each", () => {
    const ways = { low: 0, seven: 0, high: 0 };
    for (let a = 1; a <= 6; a++) {
      for (let b = 1; b <= 6; b++) {
        const total = a + b;
        if (total <= 6) ways.low++;
        else if (total === 7) ways.seven++;
        else ways.high++;
      }
    }
    for (const bet of DICE_BET_TYPES) {
      expect(DICE_WIN_PROBABILITY[bet]).toBe(ways[bet] / 36);
      expect(DICE_MULTIPLIERS[bet]).toBeCloseTo(0.972 / (ways[bet] / 36), 12);
    }
    expect(DICE_MAX_MULTIPLIER).toBe(5.832);
  });

  it.each([
    [[0, 0], 2, "low", true],
    [[5.99 / 6, 0.5 / 6], 7, "seven", true],
    [[0.999, 0.999], 12, "high", true],
    [[0.999, 0.999], 12, "low", false],
    [[2.5 / 6, 3.5 / 6], 7, "high", false],
    [[1.5 / 6, 3.5 / 6], 6, "low", true],
    [[1.5 / 6, 5.5 / 6], 8, "high", true],
  ] as const)("floats %j roll total %i, bet %s wins: %s", (floats, total, bet, wins) => {
    const outcome = rollDice(10_000_000, bet, createScriptedStream(floats));
    expect(outcome.total).toBe(total);
    expect(outcome.isWin).toBe(wins);
    expect(outcome.win).toBe(wins ? (bet === "seven" ? 58_320_000 : 23_328_000) : 0);
  });

  it("known answer: dice from the HMAC floats 0 and 1 of a fixed seed", () => {
    const serverSeed = "7f".repeat(32);
    for (let nonce = 0; nonce < 20; nonce++) {
      const [f0, f1] = referenceFloats(serverSeed, "nebula", nonce);
      const dice1 = Math.floor(f0 * 6) + 1;
      const dice2 = Math.floor(f1 * 6) + 1;
      const outcome = rollDice(1_000, "low", createFloatStream(serverSeed, "nebula", nonce));
      expect([outcome.dice1, outcome.dice2, outcome.total]).toEqual([dice1, dice2, dice1 + dice2]);
      expect(outcome.win).toBe(dice1 + dice2 <= 6 ? 2_332 : 0);
    }
  });

  it("never pays more than the declared max win, always in whole units", () => {
    assertPayoutBound(rollDice, DICE_BET_TYPES, () => DICE_MAX_MULTIPLIER, 7);
  });

  it.each(DICE_BET_TYPES)(
    "simulated RTP of %s over 10^6 rolls lies within 3 standard errors of 97.2%",
    (bet) => {
      const summary = summariseRtp(simulateRounds({ game: "dice", betType: bet }, 1_000_000, 11));
      const standardError = summary.halfWidth95 / 1.96;
      expect(Math.abs(summary.rtp - 0.972)).toBeLessThan(3 * standardError);
    },
  );
});
