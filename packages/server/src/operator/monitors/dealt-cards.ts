/**
 * Checks a finished poker hand's dealt cards against the deck rebuilt from its revealed seed: hole
 * cards go one at a time to the dealt-in players in deal order (the order of the hole_cards_dealt
 * events, starting left of the button), two rounds; each street burns one card first.
 */
import type { CardIndex, TableEvent } from "@casino/protocol";

/** Offsets of the board cards after the 2n hole cards: burn, flop x3, burn, turn, burn, river. */
const BOARD_OFFSETS = [1, 2, 3, 5, 7] as const;

/** Why the dealt cards disagree with the deck, or null when every dealt card is where it must be. */
export function findDealtCardMismatch(
  events: readonly TableEvent[],
  deck: readonly CardIndex[],
): string | null {
  const holes = events.filter((e): e is Extract<TableEvent, { type: "hole_cards_dealt" }> => {
    return e.type === "hole_cards_dealt";
  });
  const n = holes.length;
  for (const [i, hole] of holes.entries()) {
    if (hole.cards[0] !== deck[i] || hole.cards[1] !== deck[n + i])
      return `seat ${hole.seat} hole cards differ from the deck`;
  }
  const board = events.flatMap((e) => (e.type === "street_dealt" ? e.cards : []));
  for (const [i, card] of board.entries()) {
    const offset = BOARD_OFFSETS[i];
    if (offset === undefined) return "more than five board cards";
    if (card !== deck[2 * n + offset]) return `board card ${i + 1} differs from the deck`;
  }
  return null;
}
