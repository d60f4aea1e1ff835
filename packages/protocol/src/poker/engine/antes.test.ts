import { describe, expect, it } from "vitest";
import { potTotal } from "./betting.ts";
import { chooseHandPositions } from "./positions.ts";
import { callAround, chipsOnTable, foldAround, makeTable, startPlain, startRigged } from "./test-helpers.ts";

const tournament = { rakeBasisPoints: 0, ante: 10 };

describe("antes (tournament levels)", () => {
  it("every dealt-in player posts the ante into the pot before the blinds; it is never returned", () => {
    const table = makeTable({ 0: 1000, 1: 1000, 2: 1000 }, tournament);
    const { state, events } = startRigged(table, {}, "");
    const kinds = events.map((e) => e.type).filter((t) => t === "ante_posted" || t === "blind_posted");
    expect(kinds).toEqual(["ante_posted", "ante_posted", "ante_posted", "blind_posted", "blind_posted"]);
    expect(events.find((e) => e.type === "hand_started")).toMatchObject({ ante: 10 });
    const hand = state.hand!;
    expect(hand.pots).toEqual([{ amount: 30, eligibleSeats: [0, 1, 2] }]);
    expect(potTotal(hand)).toBe(45);
    expect(chipsOnTable(state)).toBe(3000);
    // Everyone folds to the big blind: the small blind's excess is returned, the antes are not.
    const bigBlind = hand.bigBlindSeat;
    const end = foldAround(state);
    expect(end.seats[bigBlind]!.stack).toBe(1000 - 10 + 30 + 5);
    expect(chipsOnTable(end)).toBe(3000);
  });

  it("a stack shorter than the ante is all-in for what it has and wins only the main pot", () => {
    const positions = chooseHandPositions(makeTable({ 0: 1000, 1: 1000, 2: 1000 }, tournament))!;
    const short = positions.bigBlindSeat;
    const others = [0, 1, 2].filter((s) => s !== short);
    const table = makeTable({ [others[0]!]: 1000, [others[1]!]: 1000, [short]: 6 }, tournament);
    const hole = { [short]: "As Ah", [others[0]!]: "Ks Kh", [others[1]!]: "Qs Qh" };
    const started = startRigged(table, hole, "2c 7d 9c 3h 4s");
    expect(started.events).toContainEqual({ type: "ante_posted", seat: short, amount: 6, allIn: true });
    expect(started.events.some((e) => e.type === "blind_posted" && e.seat === short)).toBe(false);
    expect(started.state.hand!.currentBet).toBe(10);
    const end = callAround(started.state, 20);
    expect(end.hand!.ended).toBe(true);
    // Main pot: three antes of 6; side pot: the rest of the two covering players' antes and calls.
    expect(end.hand!.results[0]).toEqual([{ seat: short, amount: 18, handName: expect.any(String) }]);
    expect(end.hand!.results[1]).toEqual([{ seat: others[0], amount: 28, handName: expect.any(String) }]);
    expect(end.seats[short]!.stack).toBe(18);
    expect(chipsOnTable(end)).toBe(2006);
  });

  it("cash tables have no ante: nothing is posted but the blinds", () => {
    const { events } = startRigged(makeTable({ 0: 500, 1: 500 }), {}, "");
    expect(events.some((e) => e.type === "ante_posted")).toBe(false);
    expect(events.find((e) => e.type === "hand_started")).not.toHaveProperty("ante");
    const plain = startPlain(makeTable({ 0: 500, 1: 500 }, { ante: 0 }));
    expect(potTotal(plain.hand!)).toBe(15);
  });
});
