import { describe, expect, it } from "vitest";
import { applyTableAction } from "./reducer.ts";
import { act, makeTable, startPlain } from "./test-helpers.ts";
import { playerView } from "./view.ts";

describe("applyTableAction: states share what an action does not change", () => {
  it("copies the table, seats, hand and players, and shares config, deck, board and cards", () => {
    const before = startPlain(makeTable({ 0: 500, 1: 500, 2: 500 }));
    const hand = before.hand!;
    const { state: after } = act(before, { type: "call", seat: hand.toAct! });
    expect(after).not.toBe(before);
    expect(after.config).toBe(before.config);
    expect(after.seats).not.toBe(before.seats);
    expect(after.hand).not.toBe(hand);
    expect(after.hand!.deck).toBe(hand.deck);
    expect(after.hand!.board).toBe(hand.board);
    for (const [i, p] of after.hand!.players.entries()) {
      expect(p).not.toBe(hand.players[i]);
      expect(p.holeCards).toBe(hand.players[i]!.holeCards);
    }
    // The caller's stack moved in the new state only.
    expect(after.seats[hand.toAct!]!.stack).toBe(before.seats[hand.toAct!]!.stack - 10);
  });

  it("deals a street into new deck and board arrays, leaving the earlier state's as they were", () => {
    let state = startPlain(makeTable({ 0: 500, 1: 500 }));
    const preflop = state;
    const deck = [...preflop.hand!.deck];
    while (state.hand!.street === "preflop") {
      const seat = state.hand!.toAct!;
      const legal = applyTableAction(state, { type: "check", seat });
      state = "error" in legal ? act(state, { type: "call", seat }).state : legal.state;
    }
    expect(state.hand!.board).toHaveLength(3);
    expect(preflop.hand!.board).toEqual([]);
    expect(preflop.hand!.deck).toEqual(deck);
    expect(state.hand!.deck).toEqual(deck.slice(4));
  });

  it("gives a seat's view its own copy: changing it changes nothing at the table", () => {
    const state = startPlain(makeTable({ 0: 500, 1: 500 }));
    const view = playerView(state, 0);
    view.seats[0]!.stack = 1;
    view.hand!.players[0]!.holeCards.push(51);
    view.hand!.board.push(51);
    expect(state.seats[0]!.stack).not.toBe(1);
    expect(state.hand!.players[0]!.holeCards).toHaveLength(2);
    expect(state.hand!.board).toEqual([]);
    expect(view.hand!.deck).toEqual([]);
    expect(view.hand!.players[1]!.holeCards).toEqual([]);
  });
});
