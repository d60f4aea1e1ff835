/** Card faces as text: symbols for the eye, words for screen readers and the live region. */
import type { CardSnap } from "./tableSnapshot.ts";

const RANK_WORDS: Record<string, string> = { J: "Jack", Q: "Queen", K: "King", A: "Ace" };
const SUIT_SYMBOLS: Record<string, string> = { diamonds: "♦", hearts: "♥", spades: "♠", clubs: "♣" };

/** The suit's symbol (♦ ♥ ♠ ♣), or "?" for an unknown suit. */
export function suitSymbol(suit: string): string {
  return SUIT_SYMBOLS[suit] ?? "?";
}

/** Whether the suit is printed red. */
export function isRedSuit(suit: string): boolean {
  return suit === "diamonds" || suit === "hearts";
}

/** A card in words: "Ace of spades", "10 of hearts". */
export function describeCard(card: CardSnap): string {
  return `${RANK_WORDS[card.rank] ?? card.rank} of ${card.suit}`;
}

/** Several cards in words, comma separated. */
export function describeCards(cards: readonly CardSnap[]): string {
  return cards.map(describeCard).join(", ");
}
