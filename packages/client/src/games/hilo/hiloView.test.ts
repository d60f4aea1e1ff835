import {
  createCardStream,
  guessHilo,
  type HiloState,
  hiloCard,
  hiloQuote,
  startHilo,
  unitsToCoins,
} from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { describeEnd, describeOption, roundFromAnswer, roundFromSnapshot } from "./hiloView.ts";

/** The answer the server sends for a state. */
function answerOf(state: HiloState): Record<string, unknown> {
  const { multiplier, potentialWin, higher, lower } = hiloQuote(state);
  const cards = state.cards.map(hiloCard);
  return {
    status: state.status,
    streak: state.streak,
    cards,
    currentCard: cards.at(-1),
    multiplier,
    higher,
    lower,
    potentialWin: unitsToCoins(potentialWin),
    betAmount: unitsToCoins(state.stake),
    winAmount: unitsToCoins(state.win),
    currency: "HC",
  };
}

/** Card index of a rank index (2 = 0 .. A = 12) in spades. */
const card = (rankIndex: number) => rankIndex * 4 + 2;

describe("the hi-lo view", () => {
  it("shows what HIGHER and LOWER pay now; an ace low cannot go lower", () => {
    const round = roundFromAnswer(answerOf(startHilo(10_000_000, createCardStream([card(12)]))));
    expect(round.cards).toEqual([{ value: "A", suit: "♠" }]);
    expect(round.lowerMultiplier).toBe(0);
    expect(round.higherMultiplier).toBe(1.0562);
    expect(describeOption(round.lowerMultiplier)).toBe("–");
    expect(describeOption(round.higherMultiplier)).toBe("1.0562x");
  });

  it("a correct guess raises the streak and the potential win", () => {
    const stream = createCardStream([card(3), card(9)]);
    const step = guessHilo(startHilo(10_000_000, stream), "higher", stream);
    if ("error" in step) throw new Error(step.error);
    const round = roundFromAnswer(answerOf(step.state));
    expect(round).toMatchObject({ status: "active", streak: 1 });
    expect(round.potentialWinUnits).toBeGreaterThan(10_000_000);
    expect(describeEnd(round)).toBeNull();
  });

  it.each([
    [card(6), card(6), "Equal cards! Game over."],
    [card(6), card(2), "Wrong! Game over."],
  ])("a losing guess from %i to %i reads %s", (first, second, text) => {
    const stream = createCardStream([first, second]);
    const step = guessHilo(startHilo(10_000_000, stream), "higher", stream);
    if ("error" in step) throw new Error(step.error);
    expect(describeEnd(roundFromAnswer(answerOf(step.state)))).toBe(text);
  });

  it("resumes an active round from the room state", () => {
    const resumed = roundFromSnapshot({
      active: true,
      status: "active",
      currentCard: { rank: "7", suit: "♥" },
      streak: 2,
      multiplier: 2.1,
      higherMultiplier: 4.2,
      lowerMultiplier: 3.9,
      higherChance: 0.46,
      lowerChance: 0.46,
      potentialWin: "21",
      betAmount: "10",
      winAmount: "0",
      currency: "HC",
    });
    expect(resumed).toMatchObject({
      cards: [{ value: "7", suit: "♥" }],
      streak: 2,
      higherMultiplier: 4.2,
      potentialWinUnits: 21_000_000,
    });
  });
});
