import { CRASH_LISTED_PLAYS } from "@casino/protocol/games/crash/listed-plays";
import { describe, expect, it } from "vitest";
import type { Play } from "./engine-types.ts";
import { RoundBook } from "./round-book.ts";

/** A play being placed by user `n` with `stake` micro-units. */
function placing(n: number, stake: number): Play {
  const id = String(n).padStart(5, "0");
  return {
    betId: `bet-${id}`,
    userId: `user-${id}`,
    username: `p${id}`,
    stake,
    autoCashOut: null,
    cashedOutAt: null,
    payout: 0,
    status: "placing",
  };
}

describe("what a round's watchers are shown", () => {
  it("counts every play in the totals but lists only the largest stakes", () => {
    const book = new RoundBook(Number.MAX_SAFE_INTEGER);
    const plays = Array.from({ length: 1_000 }, (_, i) =>
      placing(i, 1_000_000 + ((i * 7_919) % 1_000) * 1_000),
    );
    for (const play of plays) {
      book.plays.set(play.userId, play);
      book.admit(play);
    }
    const changed = book.takeChanged() ?? [];
    expect(changed).toHaveLength(CRASH_LISTED_PLAYS);
    const largest = [...plays].sort((a, b) => b.stake - a.stake || (a.betId < b.betId ? -1 : 1));
    expect(book.publicPlays().map((p) => p.betId)).toEqual(
      largest.slice(0, CRASH_LISTED_PLAYS).map((p) => p.betId),
    );
    expect(new Set(changed.map((p) => p.betId))).toEqual(new Set(book.publicPlays().map((p) => p.betId)));
    const staked = plays.reduce((sum, p) => sum + p.stake, 0);
    expect(book.totals()).toEqual({ players: 1_000, staked, paidOut: 0, cashedOut: 0 });
    expect(book.takeChanged()).toBeUndefined();
  });

  it("sends a cash-out off the list as totals alone, and one on it as a change", () => {
    const book = new RoundBook(Number.MAX_SAFE_INTEGER);
    const plays = Array.from({ length: CRASH_LISTED_PLAYS + 10 }, (_, i) => placing(i, (i + 1) * 1_000_000));
    for (const play of plays) {
      book.plays.set(play.userId, play);
      book.admit(play);
    }
    book.closeBets();
    book.takeChanged();
    book.cashOut(plays[0] as Play, 200, true); // the smallest stake: not listed
    expect(book.takeChanged()).toEqual([]);
    book.cashOut(plays.at(-1) as Play, 150, true); // the largest
    expect(book.takeChanged()).toEqual([
      expect.objectContaining({ betId: plays.at(-1)?.betId, cashedOutAt: 150 }),
    ]);
    expect(book.totals()).toMatchObject({ cashedOut: 2, paidOut: 2_000_000 + 90_000_000 });
  });
});
