import { DICE_MULTIPLIERS } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { DICE_OPTIONS, describeDiceRoll, rollingFace } from "./diceFlow.ts";

describe("dice screen", () => {
  it("labels each bet with its real multiplier (2.33x / 5.83x), not the seed's", () => {
    expect(DICE_OPTIONS.map((o) => `${o.name} ${o.range} ${o.pays}`)).toEqual([
      "LOW 2-6 2.33x",
      "SEVEN 7 5.83x",
      "HIGH 8-12 2.33x",
    ]);
    for (const option of DICE_OPTIONS) {
      expect(Number.parseFloat(option.pays)).toBe(Math.floor(DICE_MULTIPLIERS[option.betType] * 100) / 100);
    }
  });

  it("rolling faces stay 1..6 for every float in [0, 1)", () => {
    expect([0, 0.1666, 0.5, 0.9999999].map(rollingFace)).toEqual([1, 1, 4, 6]);
  });

  it("says No win this time! on a loss", () => {
    expect(describeDiceRoll(4, false)).toBe("Total 4: No win this time!");
    expect(describeDiceRoll(7, true)).toBe("Total 7: your pick wins!");
  });
});
