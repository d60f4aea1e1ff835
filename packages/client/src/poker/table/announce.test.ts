import type { HandActionSnap } from "@casino/protocol/schemas/poker-snapshot";
import { describe, expect, it } from "vitest";
import { describeChanges } from "./announce.ts";
import { NO_LEGAL_ACTIONS } from "./tableSnapshot.ts";
import { makePlayer, makeTable } from "./testTables.ts";

const ace = { rank: "A", suit: "spades" };
const king = { rank: "K", suit: "hearts" };
const seven = { rank: "7", suit: "clubs" };
const ten = { rank: "10", suit: "diamonds" };

/** One betting action of the hand as the room state carries it (preflop unless told). */
function act(
  seat: number,
  action: string,
  amount: number,
  to: number,
  more: Partial<HandActionSnap> = {},
): HandActionSnap {
  return { seq: 0, seat, action, amount, to, allIn: false, street: "preflop", ...more };
}

describe("describeChanges", () => {
  it("announces a new seat and a player leaving", () => {
    const before = makeTable({ players: [makePlayer(0)] });
    const after = makeTable({ players: [makePlayer(3, { displayName: "Ada" })] });
    expect(describeChanges(before, after, "u0")).toEqual(["Ada sits at seat 4", "Player 0 leaves the table"]);
  });

  it("announces the deal with the viewer's own cards only", () => {
    const before = makeTable({ players: [makePlayer(0), makePlayer(1)] });
    const after = makeTable({
      handNumber: 1,
      gamePhase: "preflop",
      players: [makePlayer(0, { holeCards: [ace, king], inHand: true }), makePlayer(1, { inHand: true })],
    });
    expect(describeChanges(before, after, "u0")).toEqual([
      "Hand 1 is dealt",
      "Your cards: Ace of spades, King of hearts",
    ]);
  });

  it("announces actions with their amounts and the viewer's turn", () => {
    const hand = { handNumber: 1, gamePhase: "preflop" };
    const before = makeTable({
      ...hand,
      toActSeat: 1,
      players: [makePlayer(0, { currentBet: 2 }), makePlayer(1, { currentBet: 1 })],
    });
    const after = makeTable({
      ...hand,
      toActSeat: 0,
      legalActions: {
        ...NO_LEGAL_ACTIONS,
        seat: 0,
        canFold: true,
        canCall: true,
        callAmount: 4,
        canRaise: true,
      },
      players: [makePlayer(0, { currentBet: 2 }), makePlayer(1, { currentBet: 6, lastAction: "raise" })],
      handActions: [act(1, "raise", 5, 6)],
    });
    expect(describeChanges(before, after, "u0")).toEqual([
      "Player 1 raises to 6",
      "Your turn: call 4, raise, fold",
    ]);
  });

  it("tells the action that closes a street before the street, though the street cleared its badge", () => {
    // What the room sends when a call ends the flop: the turn is dealt in the same change, every
    // player's lastAction is cleared and the bets are gathered into the pot.
    const flop = [ace, king, seven];
    const before = makeTable({
      handNumber: 7,
      gamePhase: "flop",
      communityCards: flop,
      players: [makePlayer(0, { currentBet: 13, lastAction: "bet" }), makePlayer(1)],
      handActions: [act(0, "bet", 13, 13, { street: "flop" })],
    });
    const after = makeTable({
      handNumber: 7,
      gamePhase: "turn",
      communityCards: [...flop, ten],
      players: [makePlayer(0), makePlayer(1)],
      handActions: [act(0, "bet", 13, 13, { street: "flop" }), act(1, "call", 13, 13, { street: "flop" })],
    });
    expect(describeChanges(before, after, null)).toEqual(["Player 1 calls 13", "Turn: 10 of diamonds"]);
  });

  it("tells an all-in call by the chips it added, and the street order of several actions at once", () => {
    const before = makeTable({
      handNumber: 8,
      gamePhase: "preflop",
      players: [makePlayer(0), makePlayer(1)],
    });
    const after = makeTable({
      handNumber: 8,
      gamePhase: "flop",
      communityCards: [ace, king, seven],
      players: [makePlayer(0, { lastAction: "all-in", isAllIn: true }), makePlayer(1, { lastAction: "" })],
      handActions: [
        act(1, "call", 1, 2),
        act(0, "check", 0, 2),
        act(1, "bet", 247, 247, { street: "flop" }),
        act(0, "call", 243, 243, { street: "flop", allIn: true }),
      ],
    });
    expect(describeChanges(before, after, null)).toEqual([
      "Player 1 calls 1",
      "Player 0 checks",
      "Flop: Ace of spades, King of hearts, 7 of clubs",
      "Player 1 bets 247",
      "Player 0 calls 243 and is all-in",
    ]);
    // The next change deals the rest of the board: no action is told again.
    const runout = makeTable({
      ...after,
      communityCards: [ace, king, seven, ten, { rank: "2", suit: "hearts" }],
    });
    expect(describeChanges(after, runout, null)).toEqual(["Turn: 10 of diamonds", "River: 2 of hearts"]);
  });

  it("names a player who left in the same change by name", () => {
    const before = makeTable({
      handNumber: 9,
      gamePhase: "river",
      players: [makePlayer(0, { displayName: "Lyra" }), makePlayer(1)],
    });
    const after = makeTable({
      handNumber: 9,
      players: [makePlayer(1)],
      handActions: [act(0, "fold", 0, 0, { street: "river" })],
      winners: [{ seat: 1, potIndex: 0, amount: 40, handName: "" }],
    });
    expect(describeChanges(before, after, null)).toEqual([
      "Lyra folds",
      "Lyra leaves the table",
      "Player 1 wins 40 chips",
    ]);
  });

  it("announces the streets with only the new cards", () => {
    const before = makeTable({ handNumber: 2, gamePhase: "flop", communityCards: [ace, king, seven] });
    const after = makeTable({
      handNumber: 2,
      gamePhase: "turn",
      communityCards: [ace, king, seven, { rank: "10", suit: "diamonds" }],
    });
    expect(describeChanges(before, after, null)).toEqual(["Turn: 10 of diamonds"]);
  });

  it("announces shown cards and the winners at showdown", () => {
    const shown = makePlayer(1, { displayName: "Bo", cardsShown: true, holeCards: [seven, seven] });
    const before = makeTable({
      handNumber: 3,
      gamePhase: "river",
      players: [makePlayer(0), { ...shown, cardsShown: false, holeCards: [] }],
    });
    const after = makeTable({
      handNumber: 3,
      players: [makePlayer(0), shown],
      winners: [{ seat: 1, potIndex: 0, amount: 38, handName: "Pair of Sevens" }],
    });
    expect(describeChanges(before, after, "u0")).toEqual([
      "Bo shows 7 of clubs, 7 of clubs",
      "Bo wins 38 chips with Pair of Sevens",
    ]);
  });

  it("announces the antes with the deal, and a player the ante put all-in", () => {
    const before = makeTable({ handNumber: 4, players: [makePlayer(0), makePlayer(1), makePlayer(2)] });
    const after = makeTable({
      handNumber: 5,
      gamePhase: "preflop",
      players: [
        makePlayer(0, { inHand: true, ante: 10, holeCards: [ace, king] }),
        makePlayer(1, { displayName: "Vega", inHand: true, ante: 10, currentBet: 20 }),
        makePlayer(2, { displayName: "Lyra", inHand: true, ante: 7, anteAllIn: true, isAllIn: true }),
      ],
    });
    expect(describeChanges(before, after, "u0")).toEqual([
      "Hand 5 is dealt",
      "Player 0 posts the ante 10",
      "Vega posts the ante 10",
      "Lyra posts the ante 7 and is all-in",
      "Your cards: Ace of spades, King of hearts",
    ]);
  });

  it("tells no antes at a table without them, nor again during the hand", () => {
    const hand = { handNumber: 5, gamePhase: "preflop" };
    const before = makeTable({ ...hand, players: [makePlayer(0, { inHand: true, ante: 10 })] });
    const after = makeTable({
      ...hand,
      gamePhase: "flop",
      players: [makePlayer(0, { inHand: true, ante: 10 })],
    });
    expect(describeChanges(before, after, null)).toEqual([]);
    const cash = makeTable({ handNumber: 6, players: [makePlayer(0, { inHand: true })] });
    expect(describeChanges(after, cash, null)).toEqual(["Hand 6 is dealt"]);
  });

  it("says nothing on the first snapshot or when nothing changed", () => {
    const table = makeTable({ players: [makePlayer(0)] });
    expect(describeChanges(null, table, "u0")).toEqual([]);
    expect(describeChanges(table, table, "u0")).toEqual([]);
  });
});
