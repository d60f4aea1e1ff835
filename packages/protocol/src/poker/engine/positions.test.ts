import { describe, expect, it } from "vitest";
import { act, callAround, foldAround, makeTable, startPlain } from "./test-helpers.ts";

describe("button and blinds", () => {
  it("first hand: button on the first seated player, blinds to its left", () => {
    const s = startPlain(makeTable({ 1: 500, 3: 500, 4: 500 }));
    expect(s.hand).toMatchObject({ buttonSeat: 1, smallBlindSeat: 3, bigBlindSeat: 4, toAct: 1 });
    expect(s.hand!.players.map((p) => [p.seat, p.bet])).toEqual([
      [1, 0],
      [3, 5],
      [4, 10],
    ]);
  });

  it("moves the button, small and big blind one player clockwise each hand", () => {
    let s = makeTable({ 0: 500, 1: 500, 2: 500, 3: 500 });
    const seen: number[][] = [];
    for (let i = 0; i < 5; i++) {
      s = startPlain(s);
      seen.push([s.hand!.buttonSeat, s.hand!.smallBlindSeat!, s.hand!.bigBlindSeat]);
      s = foldAround(s);
    }
    expect(seen).toEqual([
      [0, 1, 2],
      [1, 2, 3],
      [2, 3, 0],
      [3, 0, 1],
      [0, 1, 2],
    ]);
  });

  it("heads-up (TDA 34): the button posts the small blind, acts first pre-flop and last after", () => {
    let s = startPlain(makeTable({ 0: 500, 3: 500 }));
    expect(s.hand).toMatchObject({ buttonSeat: 0, smallBlindSeat: 0, bigBlindSeat: 3, toAct: 0 });
    s = callAround(s, 2);
    expect(s.hand!.street).toBe("flop");
    expect(s.hand!.toAct).toBe(3);
    s = foldAround(s);
    s = startPlain(s);
    expect(s.hand).toMatchObject({ buttonSeat: 3, smallBlindSeat: 3, bigBlindSeat: 0, toAct: 3 });
  });

  it("dead button (TDA 32): when the big blind leaves, the small blind is dead and nobody skips the big blind", () => {
    let s = foldAround(startPlain(makeTable({ 0: 500, 1: 500, 2: 500, 3: 500 })));
    s = act(s, { type: "leave", seat: 2 }).state;
    s = startPlain(s);
    expect(s.hand).toMatchObject({ buttonSeat: 1, smallBlindSeat: null, bigBlindSeat: 3, toAct: 0 });
    expect(s.hand!.players.map((p) => p.bet)).toEqual([0, 0, 10]);
    s = foldAround(s);
    s = startPlain(s);
    // The button sits on the empty seat 2 (dead button); seat 3 posts the small blind, seat 0 the big.
    expect(s.hand).toMatchObject({ buttonSeat: 2, smallBlindSeat: 3, bigBlindSeat: 0, toAct: 1 });
  });

  it("going from heads-up to three players puts the button behind the small blind", () => {
    let s = foldAround(startPlain(makeTable({ 1: 500, 5: 500 })));
    s = act(s, { type: "sit", seat: 3, playerId: "new", name: "new", stack: 500, postBigBlind: true }).state;
    s = startPlain(s);
    // Heads-up seat 1 had the button and seat 5 the big blind; now the big blind moves on to seat 1.
    expect(s.hand).toMatchObject({ buttonSeat: 3, smallBlindSeat: 5, bigBlindSeat: 1, toAct: 3 });
  });
});

describe("new and returning players", () => {
  it("a new player waits for the big blind to reach the seat", () => {
    let s = foldAround(startPlain(makeTable({ 0: 500, 2: 500, 3: 500 })));
    s = act(s, { type: "sit", seat: 1, playerId: "new", name: "new", stack: 500 }).state;
    s = startPlain(s);
    expect(s.hand!.players.map((p) => p.seat)).toEqual([0, 2, 3]);
    expect(s.hand).toMatchObject({ buttonSeat: 2, smallBlindSeat: 3, bigBlindSeat: 0 });
    s = startPlain(foldAround(s));
    expect(s.hand!.bigBlindSeat).toBe(1);
    expect(s.hand!.players.map((p) => p.seat)).toEqual([0, 1, 2, 3]);
  });

  it("a new player may post a big blind to play at once, and keeps the option", () => {
    let s = foldAround(startPlain(makeTable({ 0: 500, 2: 500, 3: 500 })));
    s = act(s, { type: "sit", seat: 1, playerId: "new", name: "new", stack: 500, postBigBlind: true }).state;
    const started = act(s, { type: "start_hand", deck: Array.from({ length: 52 }, (_, i) => i) });
    expect(started.events).toContainEqual({
      type: "blind_posted",
      seat: 1,
      blind: "extra_big",
      amount: 10,
      allIn: false,
    });
    s = started.state;
    expect(s.hand!.toAct).toBe(1);
    s = callAround(s, 4);
    expect(s.hand!.street).toBe("flop");
    expect(s.seats[1]!.stack).toBe(490);
  });

  it("a player who sits out and misses the big blind waits for it on return", () => {
    let s = foldAround(startPlain(makeTable({ 0: 500, 1: 500, 2: 500, 3: 500 })));
    s = act(s, { type: "sit_out", seat: 3, sittingOut: true }).state;
    s = startPlain(s);
    expect(s.hand!.bigBlindSeat).toBe(0);
    expect(s.seats[3]!.waitingForBigBlind).toBe(true);
    s = act(foldAround(s), { type: "sit_out", seat: 3, sittingOut: false }).state;
    s = startPlain(s);
    expect(s.hand!.players.map((p) => p.seat)).toEqual([0, 1, 2]);
    s = startPlain(foldAround(s));
    expect(s.hand!.players.map((p) => p.seat)).toEqual([0, 1, 2]);
    s = startPlain(foldAround(s));
    expect(s.hand!.bigBlindSeat).toBe(3);
    expect(s.hand!.players.map((p) => p.seat)).toEqual([0, 1, 2, 3]);
  });

  it("players at a table that could not play are all dealt in when a second one arrives", () => {
    let s = makeTable({ 2: 500 });
    s = act(s, { type: "sit", seat: 4, playerId: "b", name: "b", stack: 500 }).state;
    s = startPlain(s);
    expect(s.hand!.players.map((p) => p.seat)).toEqual([2, 4]);
  });
});
