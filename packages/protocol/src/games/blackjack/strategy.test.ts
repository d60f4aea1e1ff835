import { describe, expect, it } from "vitest";
import { RANKS } from "../../fair/cards.ts";
import { simulateRounds } from "../sim/runners.ts";
import { createCardStream } from "../sim/scripted-stream.ts";
import { summariseRtp } from "../sim/stats.ts";
import { startBlackjack } from "./blackjack.ts";
import { blackjackExactRtp, optimalBlackjackAction } from "./strategy.ts";

/** A dealt round: the player's two ranks against the dealer's up card (hole card a 7, no natural). */
function dealt(first: string, second: string, up: string) {
  const card = (rank: string, suit: number) => RANKS.indexOf(rank as (typeof RANKS)[number]) * 4 + suit;
  return startBlackjack(
    1_000_000,
    createCardStream([card(first, 0), card(up, 1), card(second, 2), card("7", 3)]),
  );
}

describe("optimal blackjack strategy", () => {
  it.each([
    ["10", "6", "10", "hit"], // hard 16 v 10
    ["10", "2", "4", "stand"], // hard 12 v 4
    ["10", "2", "2", "hit"], // hard 12 v 2
    ["6", "5", "6", "double"], // 11 v 6
    ["5", "4", "2", "hit"], // 9 v 2
    ["5", "4", "3", "double"], // 9 v 3
    ["A", "A", "10", "split"], // aces
    ["8", "8", "6", "split"], // eights
    ["10", "10", "6", "stand"], // twenties stand
    ["A", "7", "9", "hit"], // soft 18 v 9
    ["A", "7", "2", "stand"], // soft 18 v 2 (S17)
    ["A", "6", "3", "double"], // soft 17 v 3
    ["9", "9", "7", "stand"], // 9,9 v 7 stands
    ["9", "9", "9", "split"], // 9,9 v 9 splits
  ])("%s,%s against %s: %s (published basic strategy for S17, DAS)", (first, second, up, action) => {
    expect(optimalBlackjackAction(dealt(first, second, up))).toBe(action);
  });

  it("gives an exact edge of about half a percent", () => {
    const rtp = blackjackExactRtp();
    expect(rtp).toBeGreaterThan(0.993);
    expect(rtp).toBeLessThan(0.996);
  });

  it("simulated optimal play over 10^6 rounds lies within 3 standard errors of the exact RTP", () => {
    const summary = summariseRtp(simulateRounds({ game: "blackjack", strategy: "optimal" }, 1_000_000, 31));
    expect(Math.abs(summary.rtp - blackjackExactRtp())).toBeLessThan((3 * summary.halfWidth95) / 1.96);
  });
});
