import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSeededRandom, drawDistinctCards } from "../seeded-random.ts";
import { type LegalActions, legalActions } from "./betting.ts";
import { needsToAct } from "./hand-flow.ts";
import { applyTableAction, createTable, TURN_ENDING_ACTION_TYPES } from "./reducer.ts";
import { chipsBroughtBy, chipsOnTable } from "./test-helpers.ts";
import type { TableAction, TableState } from "./types.ts";

type Random = () => number;

/** Freezes a state and everything in it, so a reducer that changed its input (or an array it shares with its result) throws. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: Random, lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));

/** A legal move for the seat to act, chosen at random (raises sized anywhere from min to all-in). */
function legalMove(random: Random, seat: number, legal: LegalActions): TableAction {
  const options: TableAction[] = [
    { type: "fold", seat },
    { type: "timeout", seat },
  ];
  if (legal.canCheck) options.push({ type: "check", seat }, { type: "check", seat });
  if (legal.canCall) options.push({ type: "call", seat }, { type: "call", seat });
  if (legal.canBet || legal.canRaise) {
    options.push({
      type: legal.canBet ? "bet" : "raise",
      seat,
      amount: between(random, legal.minRaiseTo, legal.maxRaiseTo),
    });
  }
  if (legal.canAllIn && random() < 0.3) options.push({ type: "all_in", seat });
  return pick(random, options);
}

/** Any action at all, most of them illegal: wrong seats, wrong amounts, unknown types. */
function wildMove(random: Random, state: TableState): TableAction {
  const seat = between(random, -1, state.config.maxPlayers);
  const amount = pick(random, [0, -5, 1.5, 10, 1e9, between(random, 1, 3000), Number.NaN]);
  // Every move that ends a turn, and one the engine does not know.
  const type = pick(random, [...TURN_ENDING_ACTION_TYPES, "dance"]);
  if (random() < 0.15) {
    return pick(random, [
      {
        type: "sit",
        seat,
        playerId: `w${between(random, 0, 12)}`,
        name: "wild",
        stack: between(random, 0, 3000),
      },
      { type: "leave", seat },
      { type: "sit_out", seat, sittingOut: random() < 0.5 },
      { type: "add_chips", seat, amount },
    ] as TableAction[]);
  }
  return { type, seat, amount, deck: [] } as unknown as TableAction;
}

/** Whether a player other than `seat` still in the hand could put in more than the current bet. */
function anotherCanCallMore(state: TableState, seat: number): boolean {
  const hand = state.hand!;
  return hand.players.some(
    (o) =>
      o.seat !== seat && !o.folded && !o.allIn && o.bet + (state.seats[o.seat]?.stack ?? 0) > hand.currentBet,
  );
}

/** What the legal-action summary says about a betting action, to cross-check the reducer. */
function expectedAcceptance(state: TableState, action: TableAction): boolean | null {
  if (!("seat" in action) || !["fold", "check", "call", "bet", "raise", "all_in"].includes(action.type))
    return null;
  if (!Number.isInteger(action.seat) || action.seat < 0 || action.seat >= state.config.maxPlayers)
    return false;
  const legal = legalActions(state, action.seat);
  switch (action.type) {
    case "fold":
      return legal.canFold;
    case "check":
      return legal.canCheck;
    case "call":
      return legal.canCall;
    case "all_in":
      // Where nobody else could call more than the current bet, an all-in is taken as a call.
      return legal.canAllIn || (legal.canCall && !anotherCanCallMore(state, action.seat));
    default: {
      const to = (action as { amount: number }).amount;
      return (
        (legal.canBet || legal.canRaise) &&
        Number.isSafeInteger(to) &&
        to >= legal.minRaiseTo &&
        to <= legal.maxRaiseTo
      );
    }
  }
}

/** Checks every invariant of a state: whole chips, nobody negative, a live hand always has a way forward. */
function checkState(state: TableState): void {
  for (const p of state.seats) if (p) expect(Number.isSafeInteger(p.stack) && p.stack >= 0).toBe(true);
  const hand = state.hand;
  if (!hand) return;
  for (const p of hand.players) expect(p.bet >= 0 && p.committed >= p.bet).toBe(true);
  if (hand.ended) {
    expect(state.phase).toBe("waiting");
    expect(
      state.seats.every(
        (p) => p === null || p.stack > 0 || !hand.players.some((h) => h.seat === state.seats.indexOf(p)),
      ),
    ).toBe(true);
    return;
  }
  if (hand.toAct === null) {
    expect(hand.runoutPending).toBe(true);
  } else {
    const p = hand.players.find((x) => x.seat === hand.toAct)!;
    expect(needsToAct(hand, p)).toBe(true);
    expect(legalActions(state, hand.toAct).isTurn).toBe(true);
  }
}

/** Plays `hands` hands at one table with random stacks and random (often illegal) actions. */
function playRandomTable(seed: number, hands: number): { handsPlayed: number; steps: number } {
  const random = createSeededRandom(seed);
  const maxPlayers = between(random, 2, 9);
  const smallBlind = between(random, 1, 5);
  let state = createTable({
    maxPlayers,
    smallBlind,
    bigBlind: smallBlind * between(random, 1, 2),
    rakeCapBigBlinds: between(random, 0, 4),
    ante: random() < 0.3 ? between(random, 1, smallBlind) : 0,
  });
  const seats = drawDistinctCards(
    random,
    between(random, 2, maxPlayers),
    Array.from({ length: maxPlayers }, (_, i) => i),
  );
  let expectedChips = 0;
  for (const seat of seats) {
    const stack = between(random, 1, 2000);
    const result = applyTableAction(state, {
      type: "sit",
      seat,
      playerId: `p${seat}`,
      name: `p${seat}`,
      stack,
      postBigBlind: random() < 0.3,
    });
    if ("error" in result) throw new Error(result.error.code);
    state = result.state;
    expectedChips += stack;
  }
  let handsPlayed = 0;
  let steps = 0;
  let stepsThisHand = 0;
  while (handsPlayed < hands) {
    const hand = state.hand;
    const live = hand && !hand.ended;
    let action: TableAction;
    if (random() < 0.25) action = wildMove(random, state);
    else if (!live) action = { type: "start_hand", deck: drawDistinctCards(random, 52) };
    else if (hand.toAct === null) action = { type: "advance" };
    else action = legalMove(random, hand.toAct, legalActions(state, hand.toAct));
    const before = JSON.stringify(state);
    deepFreeze(state);
    const expected = expectedAcceptance(state, action);
    const result = applyTableAction(state, action);
    expect(JSON.stringify(state)).toBe(before);
    if (expected !== null) expect(!("error" in result)).toBe(expected);
    steps++;
    if ("error" in result) {
      expect(result.error.code).toMatch(/^poker\//);
      if (action.type === "start_hand" && result.error.code === "poker/not_enough_players") break;
      continue;
    }
    expectedChips += chipsBroughtBy(result.events);
    state = result.state;
    expect(chipsOnTable(state)).toBe(expectedChips);
    checkState(state);
    stepsThisHand++;
    if (result.events.some((e) => e.type === "hand_ended")) {
      handsPlayed++;
      stepsThisHand = 0;
    }
    expect(stepsThisHand).toBeLessThan(3000);
  }
  return { handsPlayed, steps };
}

describe("random play (property)", () => {
  it("conserves chips plus rake, refuses illegal actions without a change, and always finishes the hand", () => {
    let hands = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        hands += playRandomTable(seed, 15).handsPlayed;
      }),
      { seed: 4242, numRuns: 250 },
    );
    expect(hands).toBeGreaterThan(2000);
  });
});
