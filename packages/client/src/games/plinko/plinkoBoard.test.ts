import { PLINKO_MULTIPLIERS, PLINKO_ROWS, PLINKO_SLOTS } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { BOARD, listPegs, pegX, SLOT_TOP, slotAtX, slotCenterX, slotColor } from "./plinkoBoard.ts";

describe("the plinko board", () => {
  it("has 12 rows of pegs, r + 3 in row r, inside the canvas", () => {
    const pegs = listPegs();
    expect(new Set(pegs.map((p) => p.row)).size).toBe(PLINKO_ROWS);
    expect(pegs.length).toBe(Array.from({ length: PLINKO_ROWS }, (_, r) => r + 3).reduce((a, b) => a + b, 0));
    for (const peg of pegs) {
      expect(peg.x).toBeGreaterThan(0);
      expect(peg.x).toBeLessThan(BOARD.width);
      expect(peg.y).toBeLessThan(SLOT_TOP);
    }
  });

  it("puts each of the 13 slots midway between two pegs of the last row", () => {
    const last = PLINKO_ROWS - 1;
    for (let slot = 0; slot < PLINKO_SLOTS; slot++) {
      expect(slotCenterX(slot)).toBeCloseTo((pegX(last, slot) + pegX(last, slot + 1)) / 2, 9);
    }
    expect(SLOT_TOP + BOARD.slotHeight).toBeLessThanOrEqual(BOARD.height);
    for (let slot = 0; slot < PLINKO_SLOTS; slot++) {
      expect([slotAtX(slotCenterX(slot) - 15), slotAtX(slotCenterX(slot) + 15)]).toEqual([slot, slot]);
    }
    expect([slotAtX(-50), slotAtX(BOARD.width + 50)]).toEqual([0, PLINKO_SLOTS - 1]);
  });

  it("colours slots by pay: the best slot gold, the worst blue, symmetric", () => {
    const table = PLINKO_MULTIPLIERS.high;
    const colors = table.map((m) => slotColor(m, 60, 0.1));
    expect(colors[0]).toBe(0xffd166);
    expect(colors[6]).toBe(0x3a4cc8);
    expect(colors).toEqual([...colors].reverse());
  });
});
