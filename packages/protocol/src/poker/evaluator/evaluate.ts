/**
 * Exact 5-7 card poker hand evaluation. A hand rank is 1 (7-5-4-3-2 offsuit) .. 7462 (royal flush):
 * higher is better, equal ranks tie. Non-flush hands cost two adds per card and one perfect-hash
 * lookup; flushes (about 3% of 7-card hands) one extra pass over the cards.
 */
import type { CardIndex } from "../../fair/cards.ts";
import {
  BUCKET_SHIFT,
  buildEvaluatorTables,
  type EvaluatorTables,
  FLUSH_BITS,
  HASH_BUCKET_MULTIPLIER,
  HASH_SLOT_MULTIPLIER,
  SLOT_MASK,
  SLOT_SHIFT,
  SUIT_COUNTER_START,
} from "./tables.ts";

/** A hand's strength: 1..7462, higher is better. */
export type HandRank = number;

let tables: EvaluatorTables | undefined;

/** The lookup tables, built on first use (importing the module costs nothing). */
export function loadEvaluatorTables(): EvaluatorTables {
  tables ??= buildEvaluatorTables();
  return tables;
}

/** The suit (0..3) holding five or more cards, from a suit counter with a flush bit set. */
function flushSuitOf(suitCounter: number): number {
  return (31 - Math.clz32(suitCounter & FLUSH_BITS)) >> 2;
}

/** Rank of a non-flush hand from its rank key sum. */
function rankOfKey(t: EvaluatorTables, key: number): HandRank {
  return t.nonFlushRank[
    ((Math.imul(key, HASH_SLOT_MULTIPLIER) >>> SLOT_SHIFT) +
      t.displacement[Math.imul(key, HASH_BUCKET_MULTIPLIER) >>> BUCKET_SHIFT]!) &
      SLOT_MASK
  ]!;
}

/** Rank of seven cards given one by one (the hot path of showdowns and simulations). */
export function evaluate7(
  a: CardIndex,
  b: CardIndex,
  c: CardIndex,
  d: CardIndex,
  e: CardIndex,
  f: CardIndex,
  g: CardIndex,
): HandRank {
  const t = tables ?? loadEvaluatorTables();
  const sk = t.cardSuitKey;
  const suits = SUIT_COUNTER_START + sk[a]! + sk[b]! + sk[c]! + sk[d]! + sk[e]! + sk[f]! + sk[g]!;
  if ((suits & FLUSH_BITS) !== 0) {
    const s = flushSuitOf(suits);
    const bit = t.cardRankBit;
    let mask = 0;
    if ((a & 3) === s) mask |= bit[a]!;
    if ((b & 3) === s) mask |= bit[b]!;
    if ((c & 3) === s) mask |= bit[c]!;
    if ((d & 3) === s) mask |= bit[d]!;
    if ((e & 3) === s) mask |= bit[e]!;
    if ((f & 3) === s) mask |= bit[f]!;
    if ((g & 3) === s) mask |= bit[g]!;
    return t.flushRank[mask]!;
  }
  const rk = t.cardRankKey;
  return rankOfKey(t, rk[a]! + rk[b]! + rk[c]! + rk[d]! + rk[e]! + rk[f]! + rk[g]!);
}

/** Rank of five cards given one by one. */
export function evaluate5(a: CardIndex, b: CardIndex, c: CardIndex, d: CardIndex, e: CardIndex): HandRank {
  const t = tables ?? loadEvaluatorTables();
  const s = a & 3;
  if ((b & 3) === s && (c & 3) === s && (d & 3) === s && (e & 3) === s) {
    const bit = t.cardRankBit;
    return t.flushRank[bit[a]! | bit[b]! | bit[c]! | bit[d]! | bit[e]!]!;
  }
  const rk = t.cardRankKey;
  return rankOfKey(t, rk[a]! + rk[b]! + rk[c]! + rk[d]! + rk[e]!);
}

/** Rank of the best five of 5, 6 or 7 distinct cards. */
export function evaluateHand(cards: readonly CardIndex[]): HandRank {
  if (cards.length < 5 || cards.length > 7)
    throw new Error(`evaluateHand takes 5-7 cards, got ${cards.length}`);
  return evaluatePartialWith(startPartialHand(cards), []);
}

/** Cards already known (a board, or a board and hole cards), summed once so many hands can share them. */
export interface PartialHand {
  /** Sum of the cards' rank keys. */
  readonly rankKey: number;
  /** Suit counter (one nibble per suit, starting at 3). */
  readonly suitCounter: number;
  /** 13-bit rank mask of the cards of each suit. */
  readonly suitMasks: readonly [number, number, number, number];
  /** How many cards are in it. */
  readonly size: number;
}

/** Sums up to 7 known cards for incremental evaluation. */
export function startPartialHand(cards: readonly CardIndex[]): PartialHand {
  const t = tables ?? loadEvaluatorTables();
  let rankKey = 0;
  let suitCounter = SUIT_COUNTER_START;
  const suitMasks: [number, number, number, number] = [0, 0, 0, 0];
  for (const card of cards) {
    if (!Number.isInteger(card) || card < 0 || card > 51) throw new Error(`bad card ${card}`);
    rankKey += t.cardRankKey[card]!;
    suitCounter += t.cardSuitKey[card]!;
    const suit = card & 3;
    suitMasks[suit] = suitMasks[suit]! | t.cardRankBit[card]!;
  }
  return { rankKey, suitCounter, suitMasks, size: cards.length };
}

/** Rank of known cards plus any further cards, 5 to 7 in all. */
export function evaluatePartialWith(partial: PartialHand, more: readonly CardIndex[]): HandRank {
  const t = tables ?? loadEvaluatorTables();
  let rankKey = partial.rankKey;
  let suits = partial.suitCounter;
  for (const card of more) {
    rankKey += t.cardRankKey[card]!;
    suits += t.cardSuitKey[card]!;
  }
  if ((suits & FLUSH_BITS) !== 0) {
    const s = flushSuitOf(suits);
    let mask = partial.suitMasks[s]!;
    for (const card of more) if ((card & 3) === s) mask |= t.cardRankBit[card]!;
    return t.flushRank[mask]!;
  }
  return rankOfKey(t, rankKey);
}

/** Rank of known cards (3 to 5 of them) plus two more: the inner loop of equity simulations. */
export function evaluatePartialWith2(partial: PartialHand, a: CardIndex, b: CardIndex): HandRank {
  const t = tables ?? loadEvaluatorTables();
  const suits = partial.suitCounter + t.cardSuitKey[a]! + t.cardSuitKey[b]!;
  if ((suits & FLUSH_BITS) !== 0) {
    const s = flushSuitOf(suits);
    let mask = partial.suitMasks[s]!;
    if ((a & 3) === s) mask |= t.cardRankBit[a]!;
    if ((b & 3) === s) mask |= t.cardRankBit[b]!;
    return t.flushRank[mask]!;
  }
  return rankOfKey(t, partial.rankKey + t.cardRankKey[a]! + t.cardRankKey[b]!);
}
