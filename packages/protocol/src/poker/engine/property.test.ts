import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { legalActions } from "./betting.ts";
import {
  actionOf,
  type Step,
  seatPlayers,
  step,
  type TableSetup,
  tableSetup,
} from "./generated-play.test-helpers.ts";
import { needsToAct } from "./hand-flow.ts";
import { applyTableAction } from "./reducer.ts";
import { chipsBroughtBy, chipsOnTable } from "./test-helpers.ts";
import type { TableAction, TableState } from "./types.ts";

/** Freezes a state and everything in it, so a reducer that changed its input (or an array it shares with its result) throws. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
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

/**
 * Applies one action and checks it: the input state is untouched, the acceptance agrees with the
 * legal-action summary, a refusal is a poker/ code, chips are conserved and the new state is sound.
 * Returns the state after it, the chips on the table and whether a hand ended.
 */
function applyChecked(state: TableState, action: TableAction, chips: number) {
  const before = JSON.stringify(state);
  deepFreeze(state);
  const expected = expectedAcceptance(state, action);
  const result = applyTableAction(state, action);
  expect(JSON.stringify(state)).toBe(before);
  if (expected !== null) expect(!("error" in result), `${action.type} accepted`).toBe(expected);
  if ("error" in result) {
    expect(result.error.code).toMatch(/^poker\//);
    return { state, chips, handEnded: false };
  }
  const after = chips + chipsBroughtBy(result.events);
  expect(chipsOnTable(result.state), "chips on the table, rake included").toBe(after);
  checkState(result.state);
  return { state: result.state, chips: after, handEnded: result.events.some((e) => e.type === "hand_ended") };
}

/**
 * Plays the steps, then finishes the hand in play by checking or folding: every hand must end
 * within a few hundred moves. Returns the hands that ended.
 */
function playSteps(setup: TableSetup, steps: readonly Step[]): number {
  let { state, chips } = seatPlayers(setup);
  let hands = 0;
  for (const next of steps) {
    const played = applyChecked(state, actionOf(state, next), chips);
    ({ state, chips } = played);
    if (played.handEnded) hands++;
  }
  for (let moves = 0; state.hand && !state.hand.ended; moves++) {
    expect(moves, "moves to finish the hand").toBeLessThan(500);
    const toAct = state.hand.toAct;
    const action: TableAction =
      toAct === null
        ? { type: "advance" }
        : { type: legalActions(state, toAct).canCheck ? "check" : "fold", seat: toAct };
    const played = applyChecked(state, action, chips);
    expect(played.state, `${action.type} refused while finishing the hand`).not.toBe(state);
    ({ state, chips } = played);
    if (played.handEnded) hands++;
  }
  return hands;
}

describe("generated play (property)", () => {
  it("conserves chips plus rake, refuses illegal actions without a change, and always finishes the hand", () => {
    let hands = 0;
    fc.assert(
      fc.property(tableSetup, fc.array(step, { maxLength: 400, size: "max" }), (setup, steps) => {
        hands += playSteps(setup, steps);
      }),
      { seed: 4242, numRuns: 150 },
    );
    // The generated sequences play real hands, not only refusals.
    expect(hands).toBeGreaterThan(1000);
  });
});
