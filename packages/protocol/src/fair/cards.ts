/**
 * The fixed 52-card order of DESIGN.md section 4: ranks 2..A ascending, within a rank the suits
 * diamonds, hearts, spades, clubs. Index 0 is 2 of diamonds, 51 is the ace of clubs.
 */

/** Suits in deck order. */
export const SUITS = ["diamonds", "hearts", "spades", "clubs"] as const;
export type Suit = (typeof SUITS)[number];

/** Ranks in deck order (index 0 = 2, 12 = ace), as SPEC.md prints them. */
export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"] as const;
export type Rank = (typeof RANKS)[number];

/** A card as it goes on the wire and on screen. */
export interface CardFace {
  rank: Rank;
  suit: Suit;
}

/** A card is its index 0..51 in the fixed order. */
export type CardIndex = number;

/** Rank index 0 (two) .. 12 (ace). */
export function rankIndexOf(card: CardIndex): number {
  return Math.floor(card / 4);
}

/** Suit index 0 (diamonds) .. 3 (clubs). */
export function suitIndexOf(card: CardIndex): number {
  return card % 4;
}

/** A card index as its face. */
export function cardFace(card: CardIndex): CardFace {
  const rank = RANKS[rankIndexOf(card)];
  const suit = SUITS[suitIndexOf(card)];
  if (rank === undefined || suit === undefined || !Number.isInteger(card))
    throw new Error(`bad card ${card}`);
  return { rank, suit };
}

/** One card from one float, with replacement (unlimited deck): floor(f * 52). */
export function cardFromFloat(f: number): CardIndex {
  return Math.floor(f * 52);
}

/** Fisher-Yates of the 52-card order driven by floats (i from 51 down to 1, j = floor(f * (i + 1))). */
export function shuffleDeck(nextFloat: () => number): CardIndex[] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i >= 1; i--) {
    const j = Math.floor(nextFloat() * (i + 1));
    const a = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = a;
  }
  return deck;
}
