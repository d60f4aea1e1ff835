/**
 * The reference side of the differential test (differential.test.ts): poker-ts with a rigged deck,
 * phe's evaluator, a plain side-pot settlement, the comparison of legal moves with the documented
 * rule differences, and the random legal moves both engines replay.
 */
import { createRequire } from "node:module";
import { Table as PokerTsTable } from "poker-ts";
import { expect } from "vitest";
import type { LegalActions } from "./betting.ts";
import { applyTableAction } from "./reducer.ts";
import { distanceAfter } from "./seats.ts";
import type { TableAction, TableEvent, TableState } from "./types.ts";

/** A seeded source of floats in [0, 1). */
export type Random = () => number;
/** A move as poker-ts names it. */
export type PtsAction = "fold" | "check" | "call" | "bet" | "raise";
/** The documented rule differences and poker-ts defects a hand may show. */
export type Difference =
  | "not_reopened"
  | "min_raise_after_short_all_in"
  | "raise_nobody_can_call"
  | "asked_without_a_decision"
  | "poker_ts_side_pots_skipped"
  | "poker_ts_misranks_two_trips";

/** A whole number in [lo, hi]. */
export const between = (random: Random, lo: number, hi: number): number =>
  lo + Math.floor(random() * (hi - lo + 1));

/** Our card (rank * 4 + suit, suits d h s c) as poker-ts numbers it (suits clubs diamonds hearts spades). */
const PTS_SUIT = [1, 2, 3, 0];

// poker-ts's own hand ranking, from its library files (the package's entry exposes only the table).
/** A hand value of poker-ts's own ranking. */
export type PtsHandValue = { ranking(): number; strength(): number };
const requirePts = createRequire(import.meta.url);
const PtsCard = requirePts("poker-ts/dist/lib/card").default as new (rank: number, suit: number) => unknown;
/** poker-ts's hand ranking. */
export const PtsHand = requirePts("poker-ts/dist/lib/hand").default as {
  of(cards: unknown[]): PtsHandValue;
  /** Negative when the first hand is better. */
  compare(a: PtsHandValue | null | undefined, b: PtsHandValue | null | undefined): number;
};
/** Our card as a poker-ts card. */
export const ptsCard = (card: number): unknown => new PtsCard(card >> 2, PTS_SUIT[card & 3]!);
/** phe's 7-card evaluator (a third, independent one), for the reference payouts. */
const phe7 = requirePts("phe/lib/evaluator7.js") as (...cards: number[]) => number;

/** poker-ts's table with its deck replaced by one that deals the given cards (it draws from the end). */
export function riggedPokerTs(maxPlayers: number, smallBlind: number, bigBlind: number) {
  const table = new PokerTsTable({ smallBlind, bigBlind }, maxPlayers);
  const deck = (
    table as unknown as { _table: { _deck: { rank: number; suit: number }[] & { shuffle: () => void } } }
  )._table._deck;
  // The deck subclasses Array, so copy it out before mapping (its species cannot be rebuilt).
  const byKey = new Map<string, { rank: number; suit: number }>(
    Array.from(deck, (c) => [`${c.rank}:${c.suit}`, c]),
  );
  const setDraws = (draws: number[]): void => {
    const rest = Array.from({ length: 52 }, (_, i) => i).filter((c) => !draws.includes(c));
    const order = [...draws, ...rest];
    deck.shuffle = () => {
      order.forEach((card, i) => {
        deck[51 - i] = byKey.get(`${card >> 2}:${PTS_SUIT[card & 3]}`)!;
      });
    };
  };
  return { table, setDraws };
}

/** Applies an action that must be accepted. */
export function apply(state: TableState, action: TableAction): { state: TableState; events: TableEvent[] } {
  const result = applyTableAction(state, action);
  if ("error" in result) throw new Error(`${action.type} refused: ${result.error.code}`);
  return result;
}

/** Whether a player other than `seat` still in the hand could put in more than the current bet. */
export function anotherCanCallMore(state: TableState, seat: number): boolean {
  const hand = state.hand!;
  return hand.players.some(
    (o) =>
      o.seat !== seat && !o.folded && !o.allIn && o.bet + (state.seats[o.seat]?.stack ?? 0) > hand.currentBet,
  );
}

/** A random legal move from our summary. */
export function chooseMove(random: Random, seat: number, legal: LegalActions): TableAction {
  const roll = random();
  if (roll < 0.2 && !legal.canCheck) return { type: "fold", seat };
  if (roll < 0.72 || !(legal.canBet || legal.canRaise)) {
    if (legal.canCheck) return { type: "check", seat };
    if (legal.canCall) return { type: "call", seat };
    return legal.canAllIn && random() < 0.5 ? { type: "all_in", seat } : { type: "fold", seat };
  }
  if (roll < 0.76 && legal.canAllIn) return { type: "all_in", seat };
  const sizing = random();
  const amount =
    sizing < 0.4
      ? legal.minRaiseTo
      : sizing < 0.45
        ? legal.maxRaiseTo
        : between(random, legal.minRaiseTo, Math.min(legal.maxRaiseTo, legal.minRaiseTo * 2));
  return { type: legal.canBet ? "bet" : "raise", seat, amount };
}

/** What a hand played in both engines showed. */
export interface HandOutcome {
  differences: Set<Difference>;
  busted: boolean;
}

/** A 7-card rank from phe (lower is better); our card codes are its positional codes. */
export function pheRank(cards: readonly number[]): number {
  return phe7(...(cards as [number, number, number, number, number, number, number]));
}

/** poker-ts's value of a seat's seven cards. */
export function ptsHandOf(
  seat: number,
  board: readonly number[],
  holes: ReadonlyMap<number, readonly number[]>,
): PtsHandValue {
  return PtsHand.of([...holes.get(seat)!, ...board].map(ptsCard));
}

/**
 * Final stacks from what each seat put in: one pot per level a player still in reached (chips of
 * folded players count up to each level; any above every live player join the top pot), each won
 * by the best-ranked live players who reached it, ties split with odd chips one each clockwise
 * from the button (TDA 20).
 */
export function referenceSettlement(
  start: TableState,
  state: TableState,
  putIn: ReadonlyMap<number, number>,
  ranks: ReadonlyMap<number, number>,
): Map<number, number> {
  const hand = state.hand!;
  const live = [...ranks.keys()];
  const levels = [...new Set(live.map((s) => putIn.get(s)!))].sort((a, b) => a - b);
  const won = new Map<number, number>();
  let previous = 0;
  levels.forEach((level, i) => {
    const top = i === levels.length - 1 ? Number.POSITIVE_INFINITY : level;
    let amount = 0;
    for (const chips of putIn.values()) amount += Math.max(0, Math.min(chips, top) - previous);
    const eligible = live.filter((s) => putIn.get(s)! >= level);
    previous = level;
    const bestRank = Math.min(...eligible.map((s) => ranks.get(s)!));
    const best = eligible
      .filter((s) => ranks.get(s) === bestRank)
      .sort(
        (a, b) =>
          distanceAfter(hand.buttonSeat, a, state.config.maxPlayers) -
          distanceAfter(hand.buttonSeat, b, state.config.maxPlayers),
      );
    const share = Math.floor(amount / best.length);
    best.forEach((s, k) => {
      won.set(s, (won.get(s) ?? 0) + share + (k < amount - share * best.length ? 1 : 0));
    });
  });
  const stacks = new Map<number, number>();
  for (const [seat, chips] of putIn)
    stacks.set(seat, start.seats[seat]!.stack - chips + (won.get(seat) ?? 0));
  return stacks;
}

/** What poker-ts calls the aggressive move it offers. */
export function ptsAggressiveName(actions: readonly PtsAction[]): PtsAction {
  return actions.includes("bet") ? "bet" : "raise";
}

/** Both engines offer the same moves, except where a documented rule differs. */
export function compareLegality(
  state: TableState,
  seat: number,
  legal: LegalActions,
  pts: { actions: PtsAction[]; chipRange?: { min: number; max: number } },
  shortRaiseThisStreet: boolean,
  differences: Set<Difference>,
): void {
  const hand = state.hand!;
  const p = hand.players.find((x) => x.seat === seat)!;
  expect(pts.actions.includes("fold")).toBe(legal.canFold);
  expect(pts.actions.includes("check")).toBe(legal.canCheck);
  expect(pts.actions.includes("call")).toBe(legal.canCall);
  const ptsAggressive = pts.actions.includes("bet") || pts.actions.includes("raise");
  if (legal.canBet || legal.canRaise) {
    // Our rule, checked here too: a bet or raise is only offered when someone could call part of it.
    expect(anotherCanCallMore(state, seat)).toBe(true);
    expect(ptsAggressive).toBe(true);
    expect(pts.actions.includes("bet")).toBe(legal.canBet);
    expect(pts.chipRange!.max).toBe(legal.maxRaiseTo);
    if (pts.chipRange!.min !== legal.minRaiseTo) {
      expect(pts.chipRange!.min).toBeLessThan(legal.minRaiseTo);
      expect(shortRaiseThisStreet).toBe(true);
      differences.add("min_raise_after_short_all_in");
      expect(refusalOf(state, { type: "raise", seat, amount: pts.chipRange!.min })).toBe(
        "poker/below_min_raise",
      );
    }
    return;
  }
  if (!ptsAggressive) return;
  // poker-ts offers a raise we do not: the betting was not re-opened, or nobody could call it.
  const callable = anotherCanCallMore(state, seat);
  const reopened = p.actedAtBet === null || hand.currentBet - p.actedAtBet >= hand.lastFullRaise;
  expect(callable && reopened).toBe(false);
  differences.add(callable ? "not_reopened" : "raise_nobody_can_call");
  const amount = pts.chipRange!.max;
  expect(refusalOf(state, { type: hand.currentBet === 0 ? "bet" : "raise", seat, amount })).toBe(
    callable ? "poker/raise_not_allowed" : "poker/raise_cannot_be_called",
  );
}

/** The engine's refusal code of an action, or null if accepted. */
export function refusalOf(state: TableState, action: TableAction): string | null {
  const result = applyTableAction(state, action);
  return "error" in result ? result.error.code : null;
}
