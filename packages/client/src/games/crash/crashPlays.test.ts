import { describe, expect, it } from "vitest";
import { findOwnPlay, listPlayers } from "./crashPlays.ts";

const play = (betId: string, stake: number, cashedOutAt: number | null) => ({
  betId,
  username: `p_${betId}`,
  stake,
  autoCashOut: null,
  cashedOutAt,
  payout: cashedOutAt === null ? 0 : Math.floor((stake * cashedOutAt) / 100),
});

describe("the players list", () => {
  it("puts cash-outs first by multiplier, then stakes still in, with each profit", () => {
    const rows = listPlayers(
      [play("a", 5, null), play("b", 10, 150), play("c", 20, null), play("d", 10, 300)],
      false,
    );
    expect(rows.map((r) => [r.betId, r.state, r.profit])).toEqual([
      ["d", "out", 20],
      ["b", "out", 5],
      ["c", "in", null],
      ["a", "in", null],
    ]);
  });

  it("counts a stake still in at the crash as lost", () => {
    const rows = listPlayers([play("a", 5, null), play("b", 10, 150)], true);
    expect(rows.map((r) => [r.betId, r.state, r.profit])).toEqual([
      ["b", "out", 5],
      ["a", "lost", -5],
    ]);
    expect(findOwnPlay([play("a", 5, null)], "a")?.stake).toBe(5);
    expect(findOwnPlay([play("a", 5, null)], null)).toBeUndefined();
  });
});
