import { createFloatStream, SLOT_SYMBOLS, spinSlots } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { bonusAfterAnswer, bonusFromSnapshot, spinButtonLabel, winningCells } from "./slotsFlow.ts";

describe("Cosmic Chaos screen rules", () => {
  it("the SPIN button reads SPINNING... while spinning and FREE SPIN with free spins held", () => {
    const bonus = { left: 3, multiplier: 3, betUnits: 1, currency: "HC" as const, wonUnits: 0 };
    expect(spinButtonLabel(false, null)).toBe("SPIN");
    expect(spinButtonLabel(true, bonus)).toBe("SPINNING...");
    expect(spinButtonLabel(false, bonus)).toBe("FREE SPIN");
    expect(spinButtonLabel(false, { ...bonus, left: 0 })).toBe("SPIN");
  });

  it("lights exactly the cells of the winning clusters of a real spin", () => {
    for (let nonce = 0; nonce < 400; nonce++) {
      const outcome = spinSlots(1_000_000, createFloatStream("cd".repeat(32), "lit", nonce));
      const cells = winningCells(outcome.clusters);
      expect(cells.length).toBe(outcome.clusters.reduce((sum, cluster) => sum + cluster.length, 0));
      for (const cell of cells) {
        const symbols = outcome.clusterWins.map((win) => win.symbol);
        expect(symbols).toContain(outcome.grid[cell]);
      }
      if (!outcome.isWin) expect(cells).toEqual([]);
    }
    expect(SLOT_SYMBOLS.length).toBe(10);
  });

  it("tracks the bonus: a purchase starts it, free spins add their wins, the last spin ends it", () => {
    const bought = bonusAfterAnswer(
      { freeSpinsLeft: 10, freeSpinMultiplier: 3, freeSpinBetAmount: 2, currency: "HC" },
      null,
    );
    expect(bought).toEqual({ left: 10, multiplier: 3, betUnits: 2_000_000, currency: "HC", wonUnits: 0 });
    const spun = bonusAfterAnswer(
      {
        freeSpinsLeft: 9,
        freeSpinMultiplier: 3,
        freeSpinBetAmount: 2,
        currency: "HC",
        isFreeSpin: true,
        winAmount: 4.5,
      },
      bought,
    );
    expect(spun?.wonUnits).toBe(4_500_000);
    expect(bonusAfterAnswer({ freeSpinsLeft: 0, isFreeSpin: true, winAmount: 3 }, spun)).toBeNull();
  });

  it("resumes a held bonus from the room state", () => {
    expect(
      bonusFromSnapshot({
        freeSpinsLeft: 4,
        freeSpinMultiplier: 3,
        freeSpinBetAmount: "0.01",
        freeSpinCurrency: "AMINA",
      }),
    ).toEqual({ left: 4, multiplier: 3, betUnits: 10_000, currency: "AMINA", wonUnits: 0 });
    expect(
      bonusFromSnapshot({
        freeSpinsLeft: 0,
        freeSpinMultiplier: 1,
        freeSpinBetAmount: "",
        freeSpinCurrency: "",
      }),
    ).toBeNull();
  });
});
