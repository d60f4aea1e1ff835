/**
 * Re-checks a finished hand in the browser (DESIGN.md section 4, docs/FAIRNESS.md): the server
 * opens only the deck positions this viewer may see (the board, hands shown at showdown, and the
 * viewer's own hole cards); each opened card must hash up to the Merkle root published before the
 * deal, sit at the position the dealing rule gives it, and be the card this browser saw. Cards
 * nobody showed are never opened, so they cannot be checked, nor learned.
 */
import { type CardIndex, type HandOpening, RANKS, SUITS, verifyHandOpening } from "@casino/protocol";
import type { CardSnap } from "../table/tableSnapshot.ts";

/** Cards this browser saw during the hand: the board and any hole cards it was shown. */
export type SeenCards = { board: CardSnap[]; holeCards: { seat: number; cards: CardSnap[] }[] };

/** The commitment this browser saw published before the deal ("" when it did not see it). */
export type PublishedCommitment = { root: string; seedHash: string };

/** The verdict, with how many seen cards were matched and how many cards were opened. */
export type HandVerdict =
  | { ok: true; matchedCards: number; openedCards: number }
  | { ok: false; code: `fair/${string}`; message: string };

/** A card face as its index in the fixed 52-card order, or -1 when unreadable. */
export function indexOfFace(card: CardSnap): number {
  const rank = (RANKS as readonly string[]).indexOf(card.rank);
  const suit = (SUITS as readonly string[]).indexOf(card.suit);
  return rank < 0 || suit < 0 ? -1 : rank * 4 + suit;
}

/** Verifies an opening: proofs against the published root, dealt positions, and every card seen. */
export function verifyPokerHand(
  opening: HandOpening,
  seen: SeenCards,
  published: PublishedCommitment,
): HandVerdict {
  if (!published.root || !published.seedHash)
    return { ok: false, code: "fair/no_commitment", message: "No commitment was published for this hand" };
  const holeCards: Record<number, CardIndex[]> = {};
  for (const h of seen.holeCards) if (h.cards.length > 0) holeCards[h.seat] = h.cards.map(indexOfFace);
  const check = verifyHandOpening(opening, { board: seen.board.map(indexOfFace), holeCards }, published);
  if (!check.valid) return { ok: false, code: "fair/opening_invalid", message: check.problems.join(" ") };
  const matched = seen.board.length + Object.values(holeCards).reduce((n, cards) => n + cards.length, 0);
  const opened =
    check.board.length + Object.values(check.holeCards).reduce((n, cards) => n + cards.length, 0);
  return { ok: true, matchedCards: matched, openedCards: opened };
}
