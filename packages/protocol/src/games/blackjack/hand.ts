/**
 * Blackjack hand arithmetic shared by the reducer, the player view and the strategy: card points,
 * totals with soft aces, naturals and pairs.
 */
import { type CardIndex, rankIndexOf } from "../../fair/cards.ts";

/** Rank index of the ace in the fixed card order (2 = 0 .. A = 12). */
const ACE_RANK = 12;

/** Points of a card with an ace counted as 1: 2-9 face value, 10/J/Q/K 10, A 1. */
export function cardPoints(card: CardIndex): number {
  const rank = rankIndexOf(card);
  if (rank === ACE_RANK) return 1;
  return Math.min(rank + 2, 10);
}

/** Whether a card is an ace (the dealer peeks under one). */
export function isAce(card: CardIndex): boolean {
  return rankIndexOf(card) === ACE_RANK;
}

/** A hand's best total: aces count 11 while that keeps the total at 21 or under (then it is soft). */
export interface HandTotal {
  total: number;
  soft: boolean;
}

/** Totals a hand, counting one ace as 11 when it does not bust the hand. */
export function handTotal(cards: readonly CardIndex[]): HandTotal {
  let hard = 0;
  let aces = false;
  for (const card of cards) {
    hard += cardPoints(card);
    if (isAce(card)) aces = true;
  }
  if (aces && hard + 10 <= 21) return { total: hard + 10, soft: true };
  return { total: hard, soft: false };
}

/** A natural: two cards totalling 21 (a split hand never counts as one). */
export function isNatural(cards: readonly CardIndex[]): boolean {
  return cards.length === 2 && handTotal(cards).total === 21;
}

/** Two cards of equal rank (K-K splits, K-Q does not), the only hands that may split. */
export function isPair(cards: readonly CardIndex[]): boolean {
  return cards.length === 2 && rankIndexOf(cards[0]!) === rankIndexOf(cards[1]!);
}
