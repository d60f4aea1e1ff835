import { PokerTableState } from "@casino/protocol/schemas/poker-table-state";
import { describe, expect, it } from "vitest";
import { percentile } from "./percentile.ts";
import { turnOf } from "./poker-load-clients.ts";

describe("the load clients' turn key", () => {
  it("tells apart two turns of one seat that started in the same millisecond", () => {
    const state = new PokerTableState();
    state.handNumber = 7;
    state.gamePhase = "flop";
    state.currentPot = 40;
    state.actionDeadline = 1_000;
    const first = turnOf(state);
    // The seat checked, the others bet into it, and its next turn got the same deadline.
    state.currentPot = 80;
    expect(turnOf(state)).not.toBe(first);
    state.currentPot = 40;
    state.gamePhase = "turn";
    expect(turnOf(state)).not.toBe(first);
    state.gamePhase = "flop";
    expect(turnOf(state)).toBe(first);
  });
});

describe("percentile", () => {
  it("answers the nearest rank of sorted numbers, and 0 for none", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(51);
    expect(percentile(sorted, 99)).toBe(100);
    expect(percentile(sorted, 0)).toBe(1);
    expect(percentile([3], 99)).toBe(3);
    expect(percentile([], 50)).toBe(0);
  });
});
