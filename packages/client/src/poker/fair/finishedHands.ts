/**
 * The finished hands of this table page, newest first, each with its /verify link carrying what
 * the page saw of it (the root and seed hash published before the deal, the board, the hole cards
 * shown), so every hand played here can be re-checked on the verifier page.
 */
import type { CardIndex } from "@casino/protocol";
import { pokerVerifyHref } from "../../verify/pokerSeenCards.ts";
import type { CardSnap, TableSnapshot } from "../table/tableSnapshot.ts";
import type { ObservedHand } from "./observedHand.ts";
import { indexOfFace } from "./verifyPokerHand.ts";

/** How many finished hands the list keeps. */
export const KEPT_FINISHED_HANDS = 5;

/** A finished hand of the list. */
export type FinishedHand = { handId: string; handNumber: number; watched: boolean; verifyHref: string };

/** Card faces as indices, unreadable faces left out. */
function indicesOf(cards: readonly CardSnap[]): CardIndex[] {
  return cards.map(indexOfFace).filter((card): card is CardIndex => card >= 0);
}

/** The list entry of a finished hand, with what this page saw of it when it watched the hand. */
export function finishedHandOf(
  handId: string,
  handNumber: number,
  observed: ObservedHand | undefined,
): FinishedHand {
  const seen = observed?.handNumber === handNumber ? observed : undefined;
  return {
    handId,
    handNumber,
    watched: seen !== undefined,
    verifyHref: pokerVerifyHref({
      handId,
      root: seen?.root ?? "",
      seedHash: seen?.seedHash ?? "",
      board: indicesOf(seen?.board ?? []),
      holeCards: (seen?.holeCards ?? []).map((hole) => ({ seat: hole.seat, cards: indicesOf(hole.cards) })),
    }),
  };
}

/** The list after a snapshot: its last hand added or refreshed (newest first), the oldest dropped. */
export function recordFinishedHand(
  list: readonly FinishedHand[],
  snapshot: TableSnapshot,
  observed: ObservedHand | undefined,
): readonly FinishedHand[] {
  const { lastHandId, lastHandNumber } = snapshot;
  if (!lastHandId || lastHandNumber <= 0) return list;
  const entry = finishedHandOf(lastHandId, lastHandNumber, observed);
  const current = list.find((hand) => hand.handId === lastHandId);
  if (current && current.verifyHref === entry.verifyHref) return list;
  return [entry, ...list.filter((hand) => hand.handId !== lastHandId)].slice(0, KEPT_FINISHED_HANDS);
}
