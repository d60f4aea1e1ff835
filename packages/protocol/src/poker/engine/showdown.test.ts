import { describe, expect, it } from "vitest";
import { computePots, computeRake, splitPot } from "./pots.ts";
import {
  act,
  actAll,
  callAround,
  cards,
  chipsOnTable,
  makeTable,
  moves,
  refusal,
  startRigged,
} from "./test-helpers.ts";
import type { HandPlayer, TableEvent } from "./types.ts";

const noRake = { rakeBasisPoints: 0 };
const awarded = (events: TableEvent[]) =>
  events.flatMap((e) =>
    e.type === "pot_awarded" ? [{ amount: e.amount, winners: e.winners.map((w) => [w.seat, w.amount]) }] : [],
  );
/** A pot as `awarded` lists it: its amount and each winner's [seat, share]. */
const pot = (amount: number, ...winners: [number, number][]) => ({ amount, winners });

function handPlayer(seat: number, committed: number, folded = false, allIn = false): HandPlayer {
  return { seat, holeCards: [], bet: 0, committed, folded, allIn, actedAtBet: null, shown: false };
}

describe("side pots (TDA 21)", () => {
  it("builds one pot per all-in level, folded chips count but cannot win", () => {
    const pots = computePots([
      handPlayer(0, 50, false, true),
      handPlayer(1, 100, false, true),
      handPlayer(2, 80, true),
      handPlayer(3, 300),
      handPlayer(4, 300),
    ]);
    expect(pots).toEqual([
      { amount: 250, eligibleSeats: [0, 1, 3, 4] },
      { amount: 180, eligibleSeats: [1, 3, 4] },
      { amount: 400, eligibleSeats: [3, 4] },
    ]);
  });

  it("awards each pot separately with any number of all-ins, and returns the uncalled excess", () => {
    let s = makeTable({ 0: 50, 1: 100, 2: 200, 3: 400 }, noRake);
    // Best hand to the shortest stack, then in order: each wins exactly the pot it can.
    s = startRigged(s, { 0: "As Ah", 1: "Ks Kh", 2: "Qs Qh", 3: "Js Jh" }, "2c 7d 9c 3h 4s").state;
    const { state, events } = actAll(s, moves("all_in 3, all_in 0, all_in 1, all_in 2"));
    expect(events).toContainEqual({ type: "uncalled_bet_returned", seat: 3, amount: 200 });
    expect(state.hand!.runoutPending).toBe(true);
    const end = actAll(state, moves("advance, advance, advance"));
    expect(awarded(end.events)).toEqual([pot(200, [0, 200]), pot(150, [1, 150]), pot(200, [2, 200])]);
    expect(end.state.seats.map((p) => p?.stack ?? null)).toEqual([200, 150, 200, 200, null, null]);
  });

  it("splits a side pot between tied players while the main pot goes to the best hand", () => {
    let s = makeTable({ 0: 100, 1: 300, 2: 300 }, noRake);
    s = startRigged(s, { 0: "2s 2c", 1: "Kc Qd", 2: "Kd Qc" }, "Ks Qs 2h 3d 8c").state;
    const { events } = actAll(s, moves("all_in 0, all_in 1, call 2, advance, advance, advance"));
    expect(awarded(events)).toEqual([pot(300, [0, 300]), pot(400, [1, 200], [2, 200])]);
  });
});

describe("odd chips (TDA 20)", () => {
  it("go one each to the tied winners nearest the button, clockwise", () => {
    expect(splitPot(25, [2, 0], 0, 6)).toEqual([
      { seat: 2, amount: 13 },
      { seat: 0, amount: 12 },
    ]);
    expect(splitPot(11, [5, 1, 3], 4, 6)).toEqual([
      { seat: 5, amount: 4 },
      { seat: 1, amount: 4 },
      { seat: 3, amount: 3 },
    ]);
  });

  it("an odd pot played to a board tie gives the odd chip to the first winner left of the button", () => {
    let s = makeTable({ 0: 500, 1: 500, 2: 500 }, noRake);
    s = startRigged(s, { 0: "2c 3c", 1: "4c 5d", 2: "2d 3d" }, "As Ks Qs Js Ts").state;
    s = actAll(s, moves("call 0, fold 1, check 2")).state;
    const { events } = actAll(s, moves("check 2, check 0, check 2, check 0, check 2, check 0"));
    expect(awarded(events)).toEqual([pot(25, [2, 13], [0, 12])]);
  });
});

describe("rake", () => {
  it("is 5% of the pot after the uncalled bet is returned", () => {
    let s = makeTable({ 0: 1000, 1: 1000 });
    s = startRigged(s, { 0: "As Ah", 1: "Ks Kh" }, "2c 7d 9c 3h 4s").state;
    s = callAround(s, 2);
    const { events, state } = actAll(s, moves("bet 1 100, fold 0"));
    expect(events.map((e) => e.type)).toEqual([
      "action_taken",
      "action_taken",
      "uncalled_bet_returned",
      "rake_taken",
      "pot_awarded",
      "hand_ended",
    ]);
    expect(events).toContainEqual({ type: "rake_taken", amount: 1 });
    expect(state.seats[1]!.stack).toBe(1009);
    expect(state.rakeTotal).toBe(1);
  });

  it("no flop, no drop", () => {
    let s = makeTable({ 0: 1000, 1: 1000, 2: 1000 });
    s = startRigged(s, {}, "2c 7d 9c 3h 4s").state;
    const { events, state } = actAll(s, moves("raise 0 300, all_in 1, fold 2, fold 0"));
    expect(events.some((e) => e.type === "rake_taken")).toBe(false);
    expect(state.rakeTotal).toBe(0);
    expect(state.seats[1]!.stack).toBe(1310);
  });

  it("is capped at three big blinds, and configurable", () => {
    const config = {
      rakeBasisPoints: 500,
      rakeCapBigBlinds: 3,
      bigBlind: 10,
      smallBlind: 5,
      maxPlayers: 6,
      actionTimeoutMs: 1,
    };
    expect(computeRake(2000, true, config)).toBe(30);
    expect(computeRake(2000, false, config)).toBe(0);
    expect(computeRake(399, true, config)).toBe(19);
    expect(computeRake(2000, true, { ...config, rakeCapBigBlinds: 10 })).toBe(100);
  });

  it("is taken once per hand and conserves chips", () => {
    let s = makeTable({ 0: 1000, 1: 1000 });
    const before = chipsOnTable(s);
    s = startRigged(s, { 0: "As Ah", 1: "Ks Kh" }, "2c 7d 9c 3h 4s").state;
    const { state, events } = actAll(s, moves("all_in 0, call 1, advance, advance, advance"));
    expect(events.filter((e) => e.type === "rake_taken")).toEqual([{ type: "rake_taken", amount: 30 }]);
    expect(state.seats[0]!.stack).toBe(1970);
    expect(chipsOnTable(state)).toBe(before);
  });
});

describe("all-in runouts (TDA 16)", () => {
  it("turn all hands face up and deal the board one street per advance", () => {
    let s = makeTable({ 0: 500, 1: 500, 2: 500 });
    s = startRigged(s, { 0: "As Ah", 1: "Ks Kh", 2: "7c 2d" }, "2c 7d 9c 3h 4s").state;
    const allIn = actAll(s, moves("all_in 0, call 1, fold 2"));
    expect(
      allIn.events.filter((e) => e.type === "hand_shown").map((e) => e.type === "hand_shown" && e.seat),
    ).toEqual([0, 1]);
    s = allIn.state;
    expect(s.hand!.players.filter((p) => p.shown).map((p) => p.seat)).toEqual([0, 1]);
    expect(refusal(s, { type: "check", seat: 1 })).toBe("poker/not_your_turn");
    const flop = act(s, { type: "advance" });
    expect(flop.state.hand!.board).toEqual(cards("2c 7d 9c"));
    expect(flop.state.phase).toBe("flop");
    const turn = act(flop.state, { type: "advance" });
    expect(turn.state.hand!.board.length).toBe(4);
    const river = act(turn.state, { type: "advance" });
    expect(river.state.hand!.ended).toBe(true);
    expect(river.state.phase).toBe("waiting");
    expect(refusal(river.state, { type: "advance" })).toBe("poker/nothing_to_advance");
  });
});

describe("showdown order", () => {
  it("the last aggressor on the river shows first; a beaten hand is mucked", () => {
    let s = makeTable({ 0: 500, 1: 500, 2: 500 });
    s = startRigged(s, { 0: "2c 3d", 1: "As Ah", 2: "Ks Kh" }, "9c 8d 4h Js 6c").state;
    s = callAround(s, 3);
    s = callAround(s, 3);
    s = callAround(s, 3);
    expect(s.hand!.street).toBe("river");
    const { events } = actAll(s, moves("check 1, bet 2 50, call 0, call 1"));
    const shows = events.filter((e) => e.type === "hand_shown" || e.type === "hand_mucked");
    expect(shows).toEqual([
      { type: "hand_shown", seat: 2, cards: cards("Ks Kh"), handName: "a pair of Kings" },
      { type: "hand_mucked", seat: 0 },
      { type: "hand_shown", seat: 1, cards: cards("As Ah"), handName: "a pair of Aces" },
    ]);
  });

  it("without a river bet the first player left of the button shows first", () => {
    let s = makeTable({ 0: 500, 1: 500, 2: 500 });
    s = startRigged(s, { 0: "As Ah", 1: "Ks Kh", 2: "2c 3d" }, "9c 8d 4h Js 6c").state;
    for (let i = 0; i < 4; i++) s = callAround(s, 3);
    expect(s.hand!.ended).toBe(true);
    // Seat 1 shows first (and loses), seat 2 mucks a hand that cannot win, seat 0 shows the winner.
    expect(s.hand!.players.filter((p) => p.shown).map((p) => p.seat)).toEqual([0, 1]);
  });
  it("every hand is tabled when someone is all-in at the river (TDA 16)", () => {
    let s = makeTable({ 0: 500, 1: 500, 2: 100 });
    s = startRigged(s, { 0: "As Ah", 1: "2c 3d", 2: "Ks Kh" }, "9c 8d 4h Js 6c").state;
    for (let i = 0; i < 3; i++) s = callAround(s, 3);
    expect(s.hand!.street).toBe("river");
    const { events } = actAll(s, moves("check 1, all_in 2, call 0, call 1"));
    expect(events.filter((e) => e.type === "hand_mucked")).toEqual([]);
    expect(
      events.filter((e) => e.type === "hand_shown").map((e) => e.type === "hand_shown" && e.seat),
    ).toEqual([2, 0, 1]);
  });
});

describe("end of hand", () => {
  it("players left with no chips bust out between hands", () => {
    let s = makeTable({ 0: 500, 1: 200 });
    s = startRigged(s, { 0: "As Ah", 1: "Ks Kh" }, "2c 7d 9c 3h 4s").state;
    const { state, events } = actAll(s, moves("all_in 0, call 1, advance, advance, advance"));
    expect(events).toContainEqual({ type: "player_busted", seat: 1, playerId: "id1" });
    expect(state.seats[1]).toBeNull();
  });

  it("everyone folding gives the pot to the last player without a showdown", () => {
    let s = makeTable({ 0: 500, 1: 500, 2: 500 });
    s = startRigged(s, {}, "2c 7d 9c 3h 4s").state;
    const { events, state } = actAll(s, moves("fold 0, fold 1"));
    expect(events.some((e) => e.type === "hand_shown")).toBe(false);
    expect(awarded(events)).toEqual([pot(10, [2, 10])]);
    expect(events).toContainEqual({ type: "uncalled_bet_returned", seat: 2, amount: 5 });
    expect(state.seats.map((p) => p?.stack)).toEqual([500, 495, 505, undefined, undefined, undefined]);
  });
});
