/**
 * Opens a stored, finished hand's deck positions for one viewer (docs/FAIRNESS.md): the board and
 * the hands shown at showdown for everyone, the viewer's own hole cards when they played. The hand
 * seed stays in the database; the opening carries salts of the opened positions only.
 */
import { type HandOpening, openHand } from "@casino/protocol";
import type { StoredHand } from "./hand-store.ts";
import { NATIVE_DECK_HASHES } from "./native-deck-hashes.ts";

/** The opening of a finished hand as `viewerSeat` (null for anyone else) may see it. */
export function openStoredHand(hand: StoredHand, viewerSeat: number | null): HandOpening {
  // hole_cards_dealt events are logged in dealing order (first seat left of the button first).
  const dealOrder: number[] = [];
  const shownSeats: number[] = [];
  for (const e of hand.events) {
    if (e.type === "hole_cards_dealt") dealOrder.push(e.seat);
    else if (e.type === "hand_shown" && !shownSeats.includes(e.seat)) shownSeats.push(e.seat);
  }
  return openHand(
    {
      handSeed: hand.handSeed,
      clientSeeds: hand.clientSeeds,
      handNumber: hand.handNumber,
      dealOrder,
      boardLength: hand.board.length,
      shownSeats,
      ownSeat: viewerSeat !== null && dealOrder.includes(viewerSeat) ? viewerSeat : null,
    },
    NATIVE_DECK_HASHES,
  );
}
