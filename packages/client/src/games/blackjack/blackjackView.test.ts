import {
  applyBlackjackAction,
  type BlackjackAction,
  type BlackjackState,
  blackjackPlayerView,
  createCardStream,
  startBlackjack,
  unitsToCoins,
} from "@casino/protocol";
import { describe, expect, it } from "vitest";
import {
  type BlackjackTable,
  canAffordExtra,
  describePlaying,
  describeSettled,
  tableFromAnswer,
  tableFromSnapshot,
} from "./blackjackView.ts";

/** Card index of a rank (2..A as 0..12) in diamonds. */
const card = (rankIndex: number) => rankIndex * 4;
const FIVE = card(3);
const SIX = card(4);
const EIGHT = card(6);
const NINE = card(7);
const TEN = card(8);

/** The answer the server sends for a state: the player's view with amounts in coins. */
function answerOf(state: BlackjackState): Record<string, unknown> {
  const view = blackjackPlayerView(state);
  return {
    ...view,
    hands: view.hands.map((hand) => ({
      ...hand,
      betAmount: unitsToCoins(hand.stake),
      winAmount: unitsToCoins(hand.win),
    })),
    betAmount: unitsToCoins(view.totalStake),
    winAmount: unitsToCoins(view.winAmount),
    currency: "HC",
  };
}

/** The table after the player's `action` on a 10-coin hand dealt from `cards`. */
function tableAfter(cards: number[], action: BlackjackAction): BlackjackTable {
  const stream = createCardStream(cards);
  const step = applyBlackjackAction(startBlackjack(10_000_000, stream), action, stream);
  if ("error" in step) throw new Error(step.error);
  return tableFromAnswer(answerOf(step.state));
}

describe("the blackjack table view", () => {
  it("hides the hole card and lets 11 double when the balance covers the stake", () => {
    const state = startBlackjack(10_000_000, createCardStream([FIVE, NINE, SIX, EIGHT]));
    const table = tableFromAnswer(answerOf(state));
    expect(table.dealerCards[1]).toEqual({ rank: "hidden", suit: "hidden" });
    expect(table.hands[0]).toMatchObject({ total: 11, betUnits: 10_000_000 });
    expect(table.legal).toEqual({ hit: true, stand: true, double: true, split: false });
    expect(canAffordExtra(table, 10_000_000)).toBe(true);
    expect(canAffordExtra(table, 9_000_000)).toBe(false);
    expect(describePlaying(table)).toBe("11. Hit or stand?");
  });

  it("a hit to exactly 21 disables HIT: 21! Must stand", () => {
    const table = tableAfter([FIVE, NINE, SIX, EIGHT, TEN, TEN], "hit");
    expect(table.legal.hit).toBe(false);
    expect(describePlaying(table)).toBe("21! Must stand");
  });

  it("a split makes two hands, the first active, and the status names it", () => {
    const table = tableAfter([EIGHT, NINE, EIGHT, SIX, FIVE, TEN], "split");
    expect(table.hands.map((hand) => hand.total)).toEqual([13, 18]);
    expect(table.activeHand).toBe(0);
    expect(table.betUnits).toBe(20_000_000);
    expect(describePlaying(table)).toBe("Hand 1 of 2: 13. Hit or stand?");
  });

  it.each([
    ["push", "hit", "Same total as the dealer."],
    ["lose", "other", "Dealer wins."],
    ["bust", "hit", "Bust! Dealer wins."],
    ["bust", "other", "Bust! You lose."],
    ["win", "other", "You beat the dealer."],
  ] as const)("settled %s (busted by %s) reads %s", (result, by, text) => {
    const table = tableFromAnswer({ phase: "settled", result, hands: [] });
    expect(describeSettled(table, by)).toBe(text);
  });

  it("resumes only an open hand from the room state", () => {
    const open = {
      active: true,
      phase: "player",
      dealerCards: [
        { rank: "9", suit: "diamonds" },
        { rank: "hidden", suit: "hidden" },
      ],
      dealerTotal: 9,
      hands: [
        { cards: [], total: 11, soft: false, betAmount: "10", doubled: false, result: "", winAmount: "0" },
      ],
      activeHand: 0,
      result: "playing",
      canHit: true,
      canStand: true,
      canDouble: false,
      canSplit: false,
      betAmount: "10",
      winAmount: "0",
      currency: "AMINA",
    };
    expect(tableFromSnapshot(open)).toMatchObject({
      currency: "AMINA",
      betUnits: 10_000_000,
      legal: { hit: true, double: false },
    });
    expect(tableFromSnapshot({ ...open, active: false })).toBeNull();
  });
});
