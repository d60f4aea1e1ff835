/**
 * The verifier's verdict on a poker hand's opening, item by item: the proofs against the root, the
 * root and seed hash against the ones the table page saw before the deal, and the opened board and
 * hole cards against the ones it saw. Each item is null when there was nothing to compare with.
 */
import { type CardIndex, type HandOpening, verifyHandOpening } from "@casino/protocol";
import type { SeenCards } from "./pokerSeenCards.ts";

/** What the table page saw published before the deal ("" when unknown). */
export type PublishedRoots = { root: string; seedHash: string };

/** The verdict: overall, each comparison, and the cards the opening proves. */
export type PokerOpeningVerdict = {
  valid: boolean;
  problems: string[];
  proofsValid: boolean;
  rootMatches: boolean | null;
  seedHashMatches: boolean | null;
  /** Whether every card seen at the table is the one opened (null when none was carried). */
  seenMatch: boolean | null;
  seenCount: number;
  board: CardIndex[];
  holeCards: Record<number, CardIndex[]>;
  /** The viewer's own seat in the hand, or null when the opening has no own cards. */
  ownSeat: number | null;
};

/** Whether two hex digests are the same, or null when the published one is unknown. */
function sameDigest(published: string, opened: string): boolean | null {
  return published === "" ? null : published.toLowerCase() === opened.toLowerCase();
}

/** Checks an opening against its proofs, the roots published before the deal and the cards seen. */
export function checkPokerOpening(
  opening: HandOpening,
  published: PublishedRoots,
  seen: SeenCards,
): PokerOpeningVerdict {
  const proofs = verifyHandOpening(opening);
  const seenHand = {
    ...(seen.board.length > 0 ? { board: seen.board } : {}),
    holeCards: seen.holeCards,
  };
  const full = verifyHandOpening(opening, seenHand, {
    ...(published.root ? { root: published.root } : {}),
    ...(published.seedHash ? { seedHash: published.seedHash } : {}),
  });
  const seenCount = seen.board.length + Object.values(seen.holeCards).reduce((n, c) => n + c.length, 0);
  return {
    valid: full.valid,
    problems: full.problems,
    proofsValid: proofs.valid,
    rootMatches: sameDigest(published.root, opening.root),
    seedHashMatches: sameDigest(published.seedHash, opening.seedHash),
    seenMatch: seenCount === 0 ? null : verifyHandOpening(opening, seenHand).valid,
    seenCount,
    board: full.board,
    holeCards: full.holeCards,
    ownSeat: opening.own?.seat ?? null,
  };
}
