import { describe, expect, it } from "vitest";
import { describeTotals, listPlayers } from "./crashPlays.ts";

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
  });

  it("always shows the player's own row, once, even when its stake is not listed", () => {
    const mine = play("m", 1, 200);
    const rows = listPlayers([play("a", 5, null)], false, mine);
    expect(rows.map((r) => [r.betId, r.own])).toEqual([
      ["m", true],
      ["a", false],
    ]);
    expect(listPlayers([play("m", 1, null), play("a", 5, null)], false, mine)).toHaveLength(2);
  });

  it("describes the whole round's totals", () => {
    const totals = { players: 3, staked: 6_000_000, paidOut: 2_500_000, cashedOut: 1 };
    expect(describeTotals(totals, "HC")).toMatch(
      /^3 players, .*6.* staked, 1 cashed out, .*2\.5.* paid out$/,
    );
  });
});
