/**
 * Generated play for property tests: tables with players, and steps that are the engine's next legal
 * move or any action at all. Steps are plain data, so fast-check shrinks a failing sequence.
 */
import fc from "fast-check";
import { createSeededRandom, drawDistinctCards } from "../seeded-random.ts";
import { type LegalActions, legalActions } from "./betting.ts";
import { applyTableAction, createTable, TURN_ENDING_ACTION_TYPES } from "./reducer.ts";
import { act } from "./test-helpers.ts";
import type { TableAction, TableEvent, TableState } from "./types.ts";

/**
 * A step of generated play, read against the table as it stands: `play` makes the engine's next
 * move (deal with a deck shuffled by `amount`, run out a street, or the legal action `choice` picks
 * for the seat to act, a raise sized by `amount`); `wild` sends any action at all, most of them
 * illegal. Steps are plain data, so a failing sequence shrinks to a short one.
 */
export type Step = { kind: "play"; choice: number; amount: number } | { kind: "wild"; action: TableAction };

/** A table and the players who sit down at it before the steps. */
export interface TableSetup {
  maxPlayers: number;
  smallBlind: number;
  blindRatio: number;
  rakeCapBigBlinds: number;
  ante: number;
  players: { seat: number; stack: number; postBigBlind: boolean }[];
}

/** Tables of 2 to 9 seats with 2 or more players, blinds, rake caps and sometimes an ante. */
export const tableSetup: fc.Arbitrary<TableSetup> = fc.integer({ min: 2, max: 9 }).chain((maxPlayers) =>
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
export const wildAction: fc.Arbitrary<TableAction> = (() => {
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
export const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant("play" as const), choice: fc.nat(99), amount: fc.nat() }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant("wild" as const), action: wildAction }), weight: 1 },
);

/** The legal move `choice` picks for the seat to act (checks and calls twice as likely; a raise sized by `amount`). */
export function legalMove(seat: number, legal: LegalActions, choice: number, amount: number): TableAction {
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
export function actionOf(state: TableState, next: Step): TableAction {
  if (next.kind === "wild") return next.action;
  const hand = state.hand;
  if (!hand || hand.ended)
    return { type: "start_hand", deck: drawDistinctCards(createSeededRandom(next.amount), 52) };
  if (hand.toAct === null) return { type: "advance" };
  return legalMove(hand.toAct, legalActions(state, hand.toAct), next.choice, next.amount);
}

/** Seats the setup's players; returns the table and the chips they brought. */
export function seatPlayers(setup: TableSetup): { state: TableState; chips: number } {
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

/** A hand played to its end: its events from hand_started to hand_ended, and how many there were after each action. */
export interface PlayedHand {
  events: TableEvent[];
  /** The number of the hand's events after each accepted action: what a watcher sees at a time. */
  counts: number[];
}

/** Every hand the steps play to its end (refused steps skipped). */
export function playedHands(setup: TableSetup, steps: readonly Step[]): PlayedHand[] {
  let { state } = seatPlayers(setup);
  const hands: PlayedHand[] = [];
  let current: PlayedHand | null = null;
  for (const next of steps) {
    const result = applyTableAction(state, actionOf(state, next));
    if ("error" in result) continue;
    state = result.state;
    for (const event of result.events) {
      if (event.type === "hand_started") current = { events: [], counts: [] };
      current?.events.push(event);
    }
    if (!current) continue;
    current.counts.push(current.events.length);
    if (current.events.at(-1)?.type === "hand_ended") {
      hands.push(current);
      current = null;
    }
  }
  return hands;
}
