import { describe, expect, it } from "vitest";
import { legalActions } from "./betting.ts";
import { createTable } from "./reducer.ts";
import {
  act,
  actAll,
  callAround,
  cards,
  chipsOnTable,
  makeTable,
  moves,
  refusal,
  startPlain,
  startRigged,
} from "./test-helpers.ts";
import { playerView, redactEvents } from "./view.ts";

/** A sit that is valid but for the one field each refusal case changes. */
const sit = { type: "sit", playerId: "x", name: "x", stack: 100 } as const;

describe("seating", () => {
  it("refuses a taken seat, a seat off the table, a second seat for one player and empty stacks", () => {
    const s = makeTable({ 0: 100 });
    expect(refusal(s, { ...sit, seat: 0 })).toBe("poker/seat_taken");
    expect(refusal(s, { ...sit, seat: 6 })).toBe("poker/invalid_seat");
    expect(refusal(s, { ...sit, seat: 1, playerId: "id0" })).toBe("poker/already_seated");
    expect(refusal(s, { ...sit, seat: 1, stack: 0 })).toBe("poker/invalid_amount");
    expect(refusal(s, { ...sit, seat: 1, name: "" })).toBe("poker/invalid_player");
  });

  it("takes 2 to 9 seats", () => {
    expect(createTable({ maxPlayers: 9, smallBlind: 1, bigBlind: 2 }).seats).toHaveLength(9);
    expect(() => createTable({ maxPlayers: 10, smallBlind: 1, bigBlind: 2 })).toThrow();
    expect(() => createTable({ maxPlayers: 1, smallBlind: 1, bigBlind: 2 })).toThrow();
  });

  it("leaving between hands frees the seat and returns the stack", () => {
    const { state, events } = act(makeTable({ 0: 100, 1: 250 }), { type: "leave", seat: 1 });
    expect(events).toEqual([{ type: "player_left", seat: 1, playerId: "id1", stack: 250 }]);
    expect(state.seats[1]).toBeNull();
  });

  it("leaving mid-hand folds at once and frees the seat when the hand ends", () => {
    let s = startPlain(makeTable({ 0: 500, 1: 500, 2: 500 }));
    const left = act(s, { type: "leave", seat: 2 });
    expect(left.events).toEqual([
      {
        type: "action_taken",
        seat: 2,
        action: "fold",
        amount: 0,
        to: 10,
        allIn: false,
        timedOut: false,
        outOfTurn: true,
      },
    ]);
    s = left.state;
    expect(s.seats[2]).toMatchObject({ leaving: true, stack: 490 });
    const end = actAll(s, moves("call 0, call 1"));
    expect(end.state.hand!.street).toBe("flop");
    s = end.state;
    while (!s.hand!.ended) s = callAround(s, 1);
    expect(s.seats[2]).toBeNull();
  });

  it("the last opponent leaving ends the hand for the player left", () => {
    const s = startPlain(makeTable({ 0: 500, 1: 500 }));
    const { state, events } = act(s, { type: "leave", seat: 1 });
    expect(state.hand!.ended).toBe(true);
    expect(events).toContainEqual({ type: "player_left", seat: 1, playerId: "id1", stack: 490 });
    expect(state.seats[0]!.stack).toBe(510);
  });

  it("adds chips only outside a hand", () => {
    let s = startPlain(makeTable({ 0: 500, 1: 500 }));
    expect(refusal(s, { type: "add_chips", seat: 0, amount: 100 })).toBe("poker/hand_in_progress");
    s = act(s, { type: "sit", seat: 3, playerId: "late", name: "late", stack: 50 }).state;
    const added = act(s, { type: "add_chips", seat: 3, amount: 100 });
    expect(added.events).toEqual([{ type: "chips_added", seat: 3, amount: 100, stack: 150 }]);
    expect(refusal(s, { type: "add_chips", seat: 3, amount: 0.5 })).toBe("poker/invalid_amount");
  });

  it("a sitting-out player is not dealt in", () => {
    let s = makeTable({ 0: 500, 1: 500, 2: 500 });
    s = act(s, { type: "sit_out", seat: 1, sittingOut: true }).state;
    s = startPlain(s);
    expect(s.hand!.players.map((p) => p.seat)).toEqual([0, 2]);
  });
});

describe("timeouts", () => {
  it("a timeout checks when it can, else folds, and only after the deadline", () => {
    let s = makeTable({ 0: 500, 1: 500, 2: 500 });
    s = act(s, { type: "start_hand", deck: Array.from({ length: 52 }, (_, i) => i), now: 1_000 }).state;
    expect(s.hand!.actionDeadline).toBe(31_000);
    expect(refusal(s, { type: "timeout", seat: 0, now: 30_999 })).toBe("poker/not_timed_out");
    const folded = act(s, { type: "timeout", seat: 0, now: 31_000 });
    expect(folded.events[0]).toMatchObject({ action: "fold", timedOut: true });
    expect(folded.state.hand!.actionDeadline).toBe(61_000);
    s = actAll(folded.state, [{ type: "call", seat: 1, now: 40_000 }]).state;
    expect(s.hand!.actionDeadline).toBe(70_000);
    const checked = act(s, { type: "timeout", seat: 2 });
    expect(checked.events[0]).toMatchObject({ action: "check", timedOut: true });
  });
});

describe("what each seat sees", () => {
  it("hides the deck and other players' hole cards until they are shown", () => {
    let s = makeTable({ 0: 500, 1: 500 });
    const started = startRigged(s, { 0: "As Ah", 1: "Ks Kh" }, "2c 7d 9c 3h 4s");
    s = started.state;
    const view = playerView(s, 0);
    expect(view.hand!.deck).toEqual([]);
    expect(view.hand!.players.map((p) => p.holeCards)).toEqual([cards("As Ah"), []]);
    expect(playerView(s, null).hand!.players.every((p) => p.holeCards.length === 0)).toBe(true);
    expect(s.hand!.deck.length).toBe(48);
    const dealt = redactEvents(started.events, 1).filter((e) => e.type === "hole_cards_dealt");
    expect(dealt.map((e) => e.type === "hole_cards_dealt" && e.cards)).toEqual([cards("Ks Kh"), []]);
    s = actAll(s, moves("all_in 0, call 1")).state;
    expect(playerView(s, null).hand!.players.map((p) => p.holeCards)).toEqual([
      cards("As Ah"),
      cards("Ks Kh"),
    ]);
  });

  it("gives nothing to act on to a spectator", () => {
    const s = startPlain(makeTable({ 0: 500, 1: 500 }));
    expect(legalActions(s, 4).isTurn).toBe(false);
    expect(chipsOnTable(s)).toBe(1000);
  });
});
