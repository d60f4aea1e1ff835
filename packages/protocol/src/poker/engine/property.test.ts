import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSeededRandom, drawDistinctCards } from "../seeded-random.ts";
import { type LegalActions, legalActions } from "./betting.ts";
import { needsToAct } from "./hand-flow.ts";
import { applyTableAction, createTable, TURN_ENDING_ACTION_TYPES } from "./reducer.ts";
import { act, chipsBroughtBy, chipsOnTable } from "./test-helpers.ts";
import type { TableAction, TableState } from "./types.ts";

/** Freezes a state and everything in it, so a reducer that changed its input (or an array it shares with its result) throws. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * A step of generated play, read against the table as it stands: `play` makes the engine's next
 * move (deal with a deck shuffled by `amount`, run out a street, or the legal action `choice` picks
 * for the seat to act, a raise sized by `amount`); `wild` sends any action at all, most of them
 * illegal. Steps are plain data, so a failing sequence shrinks to a short one.
 */
type Step = { kind: "play"; choice: number; amount: number } | { kind: "wild"; action: TableAction };

/** A table and the players who sit down at it before the steps. */
interface TableSetup {
  maxPlayers: number;
  smallBlind: number;
  blindRatio: number;
  rakeCapBigBlinds: number;
  ante: number;
  players: { seat: number; stack: number; postBigBlind: boolean }[];
}

/** Tables of 2 to 9 seats with 2 or more players, blinds, rake caps and sometimes an ante. */
const tableSetup: fc.Arbitrary<TableSetup> = fc.integer({ min: 2, max: 9 }).chain((maxPlayers) =>
  fc.record({
    maxPlayers: fc.constant(maxPlayers),
    smallBlind: fc.integer({ min: 1, max: 5 }),
    blindRatio: fc.integer({ min: 1, max: 2 }),
    rakeCapBigBlinds: fc.integer({ min: 0, max: 4 }),
    ante: fc.oneof(
      { arbitrary: fc.constant(0), weight: 7 },
      { arbitrary: fc.integer({ min: 1, max: 5 }), weight: 3 },
    ),
    players: fc.uniqueArray(
      fc.record({
        seat: fc.nat(maxPlayers - 1),
        stack: fc.integer({ min: 1, max: 2000 }),
        postBigBlind: fc.boolean(),
      }),
      { minLength: 2, maxLength: maxPlayers, selector: (p) => p.seat },
    ),
  }),
);

/** Any action at all, most of them illegal: wrong seats, wrong amounts, unknown types. */
const wildAction: fc.Arbitrary<TableAction> = (() => {
  const seat = fc.integer({ min: -1, max: 9 });
  const amount = fc.oneof(
    fc.constantFrom(0, -5, 1.5, 10, 1e9, Number.NaN),
    fc.integer({ min: 1, max: 3000 }),
  );
  const turnEnding = fc
    .record({ type: fc.constantFrom(...TURN_ENDING_ACTION_TYPES, "dance"), seat, amount })
    .map((a) => ({ ...a, deck: [] }) as unknown as TableAction);
  const seating = fc.oneof(
    fc.record({
      type: fc.constant("sit" as const),
      seat,
      playerId: fc.integer({ min: 0, max: 12 }).map((n) => `w${n}`),
      name: fc.constant("wild"),
      stack: fc.integer({ min: 0, max: 3000 }),
    }),
    fc.record({ type: fc.constant("leave" as const), seat }),
    fc.record({ type: fc.constant("sit_out" as const), seat, sittingOut: fc.boolean() }),
    fc.record({ type: fc.constant("add_chips" as const), seat, amount }),
  ) as fc.Arbitrary<TableAction>;
  return fc.oneof({ arbitrary: turnEnding, weight: 6 }, { arbitrary: seating, weight: 1 });
})();

/** Steps of play, three in four the engine's next move. */
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant("play" as const), choice: fc.nat(99), amount: fc.nat() }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant("wild" as const), action: wildAction }), weight: 1 },
);

/** The legal move `choice` picks for the seat to act (checks and calls twice as likely; a raise sized by `amount`). */
function legalMove(seat: number, legal: LegalActions, choice: number, amount: number): TableAction {
  const options: TableAction[] = [
    { type: "fold", seat },
    { type: "timeout", seat },
  ];
  if (legal.canCheck) options.push({ type: "check", seat }, { type: "check", seat });
  if (legal.canCall) options.push({ type: "call", seat }, { type: "call", seat });
  if (legal.canBet || legal.canRaise) {
    const span = legal.maxRaiseTo - legal.minRaiseTo;
    options.push({
      type: legal.canBet ? "bet" : "raise",
      seat,
      amount: legal.minRaiseTo + Math.floor(((amount % 1001) / 1000) * span),
    });
  }
  if (legal.canAllIn) options.push({ type: "all_in", seat });
  return options[choice % options.length]!;
}

/** The action a step stands for at this state. */
function actionOf(state: TableState, next: Step): TableAction {
  if (next.kind === "wild") return next.action;
  const hand = state.hand;
  if (!hand || hand.ended)
    return { type: "start_hand", deck: drawDistinctCards(createSeededRandom(next.amount), 52) };
  if (hand.toAct === null) return { type: "advance" };
  return legalMove(hand.toAct, legalActions(state, hand.toAct), next.choice, next.amount);
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

/** Seats the setup's players; returns the table and the chips they brought. */
function seatPlayers(setup: TableSetup): { state: TableState; chips: number } {
  let state = createTable({
    maxPlayers: setup.maxPlayers,
    smallBlind: setup.smallBlind,
    bigBlind: setup.smallBlind * setup.blindRatio,
    rakeCapBigBlinds: setup.rakeCapBigBlinds,
    ante: Math.min(setup.ante, setup.smallBlind),
  });
  let chips = 0;
  for (const { seat, stack, postBigBlind } of setup.players) {
    state = act(state, {
      type: "sit",
      seat,
      playerId: `p${seat}`,
      name: `p${seat}`,
      stack,
      postBigBlind,
    }).state;
    chips += stack;
  }
  return { state, chips };
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
