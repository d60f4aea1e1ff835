import { describe, expect, it } from "vitest";
import { legalActions } from "./betting.ts";
import { act, actAll, callAround, makeTable, moves, refusal, startPlain } from "./test-helpers.ts";
import type { TableState } from "./types.ts";

/** The seat may call `callAmount` (or fold) and not raise; `canAllIn` says whether it may still shove. */
function expectCallOnly(s: TableState, seat: number, callAmount: number, canAllIn: boolean): void {
  expect(legalActions(s, seat)).toMatchObject({ canCall: true, callAmount, canRaise: false, canAllIn });
}

/** Four players (button 0, small blind 1, big blind 2, seat 3 first to act), everyone limps to the flop. */
function limpedToFlop(stacks: Record<number, number>): TableState {
  const s = callAround(startPlain(makeTable(stacks)), 4);
  expect(s.hand!.street).toBe("flop");
  expect(s.hand!.toAct).toBe(1);
  return s;
}

describe("minimum raise (TDA 43)", () => {
  it("pre-flop the first raise is at least to two big blinds", () => {
    const s = startPlain(makeTable({ 0: 1000, 1: 1000, 2: 1000, 3: 1000 }));
    expect(legalActions(s, 3)).toMatchObject({
      canRaise: true,
      minRaiseTo: 20,
      maxRaiseTo: 1000,
      callAmount: 10,
    });
    expect(refusal(s, { type: "raise", seat: 3, amount: 19 })).toBe("poker/below_min_raise");
  });

  it("a re-raise adds at least the last full raise", () => {
    let s = startPlain(makeTable({ 0: 1000, 1: 1000, 2: 1000, 3: 1000 }));
    s = act(s, { type: "raise", seat: 3, amount: 35 }).state;
    expect(legalActions(s, 0).minRaiseTo).toBe(60);
    expect(refusal(s, { type: "raise", seat: 0, amount: 59 })).toBe("poker/below_min_raise");
    s = act(s, { type: "raise", seat: 0, amount: 100 }).state;
    expect(legalActions(s, 1).minRaiseTo).toBe(165);
  });

  it("after the flop the smallest bet is the big blind", () => {
    const s = limpedToFlop({ 0: 1000, 1: 1000, 2: 1000, 3: 1000 });
    expect(legalActions(s, 1)).toMatchObject({
      canBet: true,
      canRaise: false,
      minRaiseTo: 10,
      canCheck: true,
    });
    expect(refusal(s, { type: "bet", seat: 1, amount: 9 })).toBe("poker/below_min_raise");
    const { events } = act(s, { type: "bet", seat: 1, amount: 10 });
    expect(events[0]).toMatchObject({ type: "action_taken", action: "bet", amount: 10, to: 10 });
  });

  it("an all-in below the minimum is allowed but does not raise the minimum increment", () => {
    let s = startPlain(makeTable({ 0: 1000, 1: 1000, 2: 1000, 3: 15 }));
    expect(legalActions(s, 3)).toMatchObject({ canRaise: true, minRaiseTo: 15, maxRaiseTo: 15 });
    s = act(s, { type: "all_in", seat: 3 }).state;
    expect(s.hand!.currentBet).toBe(15);
    expect(legalActions(s, 0).minRaiseTo).toBe(25);
  });

  it("bet and raise are the same move: a total for the round", () => {
    const s = startPlain(makeTable({ 0: 1000, 1: 1000, 2: 1000, 3: 1000 }));
    const { events } = act(s, { type: "bet", seat: 3, amount: 40 });
    expect(events[0]).toMatchObject({ action: "raise", amount: 40, to: 40 });
  });
});

describe("re-opening the betting (TDA 47)", () => {
  it("a short all-in does not re-open betting for players who already acted", () => {
    let s = limpedToFlop({ 0: 1000, 1: 1000, 2: 1000, 3: 160 });
    s = actAll(s, moves("bet 1 100, call 2, all_in 3")).state;
    expect(s.hand!.currentBet).toBe(150);
    // Seat 0 has not acted on this street yet: it may raise.
    expect(legalActions(s, 0)).toMatchObject({ canRaise: true, minRaiseTo: 250 });
    s = act(s, { type: "call", seat: 0 }).state;
    expectCallOnly(s, 1, 50, false);
    expect(refusal(s, { type: "raise", seat: 1, amount: 400 })).toBe("poker/raise_not_allowed");
    expect(refusal(s, { type: "all_in", seat: 1 })).toBe("poker/raise_not_allowed");
    s = actAll(s, moves("call 1, call 2")).state;
    expect(s.hand!.street).toBe("turn");
  });

  it("several short all-ins that add up to a full raise re-open it", () => {
    let s = limpedToFlop({ 0: 230, 1: 1000, 2: 1000, 3: 160 });
    s = actAll(s, moves("bet 1 100, call 2, all_in 3, all_in 0")).state;
    expect(s.hand!.currentBet).toBe(220);
    expect(legalActions(s, 1)).toMatchObject({ canRaise: true, minRaiseTo: 320, callAmount: 120 });
    s = act(s, { type: "raise", seat: 1, amount: 320 }).state;
    expect(legalActions(s, 2)).toMatchObject({ canRaise: true, callAmount: 220 });
  });

  it("nobody may raise when every opponent is all-in", () => {
    let s = startPlain(makeTable({ 0: 1000, 1: 1000, 2: 50 }));
    s = act(s, { type: "all_in", seat: 0 }).state;
    s = act(s, { type: "fold", seat: 1 }).state;
    // Seat 2 (big blind, 40 behind) can call all-in; it cannot re-raise.
    expectCallOnly(s, 2, 40, true);
  });
});

describe("a raise nobody can call", () => {
  /** Seat 3 (first to act) is all-in for 100, the button folds; the small blind faces it with the big blind behind. */
  function facingShove(bigBlindStack: number): TableState {
    let s = startPlain(makeTable({ 0: 1000, 1: 1000, 2: bigBlindStack, 3: 100 }));
    s = actAll(s, moves("all_in 3, fold 0")).state;
    expect(s.hand!.toAct).toBe(1);
    return s;
  }

  it("is not offered when everyone else still in is all-in or has no more than the bet", () => {
    const s = facingShove(80);
    expectCallOnly(s, 1, 95, false);
    expect(refusal(s, { type: "raise", seat: 1, amount: 300 })).toBe("poker/raise_cannot_be_called");
    expect(refusal(s, { type: "raise", seat: 1, amount: 1000 })).toBe("poker/raise_cannot_be_called");
  });

  it("takes a shove there as a call", () => {
    const { state, events } = act(facingShove(80), { type: "all_in", seat: 1 });
    expect(events[0]).toMatchObject({
      type: "action_taken",
      action: "call",
      amount: 95,
      to: 100,
      allIn: false,
    });
    expect(state.seats[1]!.stack).toBe(900);
    expect(state.hand!.toAct).toBe(2);
  });

  it("is offered when one player behind could call part of it", () => {
    expect(legalActions(facingShove(101), 1)).toMatchObject({
      canRaise: true,
      minRaiseTo: 190,
      canAllIn: true,
    });
  });
});

describe("blinds and options", () => {
  it("the big blind gets the option when everyone limps", () => {
    let s = startPlain(makeTable({ 0: 1000, 1: 1000, 2: 1000 }));
    s = actAll(s, moves("call 0, call 1")).state;
    expect(s.hand!.toAct).toBe(2);
    expect(legalActions(s, 2)).toMatchObject({ canCheck: true, canRaise: true, minRaiseTo: 20 });
  });

  it("a short big blind is all-in but the others still call the full big blind", () => {
    const s = startPlain(makeTable({ 0: 1000, 1: 1000, 2: 4 }));
    expect(s.hand!.players.find((p) => p.seat === 2)).toMatchObject({ bet: 4, allIn: true });
    expect(legalActions(s, 0)).toMatchObject({ callAmount: 10, minRaiseTo: 20 });
  });

  it("heads-up against a short big blind all-in, the button only completes and the excess comes back", () => {
    let s = startPlain(makeTable({ 0: 1000, 1: 8 }));
    const { events, state } = act(s, { type: "call", seat: 0 });
    s = state;
    expect(events).toContainEqual({ type: "uncalled_bet_returned", seat: 0, amount: 2 });
    expect(s.hand!.runoutPending).toBe(true);
  });
});

describe("validation", () => {
  const s = startPlain(makeTable({ 0: 1000, 1: 1000, 2: 1000 }));

  it.each([
    ["not your turn", { type: "call", seat: 1 }, "poker/not_your_turn"],
    ["no player in that seat", { type: "call", seat: 4 }, "poker/not_your_turn"],
    ["seat off the table", { type: "call", seat: 7 }, "poker/invalid_seat"],
    ["above the stack", { type: "raise", seat: 0, amount: 1001 }, "poker/above_stack"],
    ["fractional chips", { type: "raise", seat: 0, amount: 25.5 }, "poker/invalid_amount"],
    ["negative chips", { type: "bet", seat: 0, amount: -20 }, "poker/invalid_amount"],
    ["check facing a bet", { type: "check", seat: 0 }, "poker/cannot_check"],
    ["unknown action", { type: "double", seat: 0 }, "poker/unknown_action"],
    ["a second hand", { type: "start_hand", deck: [] }, "poker/hand_in_progress"],
    ["advance while betting", { type: "advance" }, "poker/nothing_to_advance"],
  ])("refuses %s", (_name, action, code) => {
    expect(refusal(s, action as never)).toBe(code);
  });

  it("refuses a call when there is nothing to call", () => {
    const limped = callAround(s, 2);
    expect(limped.hand!.toAct).toBe(2);
    expect(refusal(limped, { type: "call", seat: 2 })).toBe("poker/nothing_to_call");
  });

  it("refuses to start without two players or with a bad deck", () => {
    expect(
      refusal(makeTable({ 0: 100 }), { type: "start_hand", deck: Array.from({ length: 52 }, (_, i) => i) }),
    ).toBe("poker/not_enough_players");
    const bad = [...Array.from({ length: 51 }, (_, i) => i), 0];
    expect(refusal(makeTable({ 0: 100, 1: 100 }), { type: "start_hand", deck: bad })).toBe(
      "poker/invalid_deck",
    );
  });

  it("is not its turn for anyone else, and offers nothing", () => {
    expect(legalActions(s, 1)).toMatchObject({
      isTurn: false,
      canFold: false,
      canCall: false,
      canAllIn: false,
    });
  });
});
