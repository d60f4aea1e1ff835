/**
 * What each seat may see: one pure function strips the deck and other players' hole cards (until
 * they are shown), so a room can send every client exactly its own view.
 */
import type { TableEvent, TableState } from "./types.ts";

/** The table as seen from a seat (null for a spectator): no deck, no hidden hole cards. */
export function playerView(state: TableState, seat: number | null): TableState {
  const view = structuredClone(state);
  const hand = view.hand;
  if (hand) {
    hand.deck = [];
    for (const p of hand.players) {
      if (p.seat !== seat && !p.shown) p.holeCards = [];
    }
  }
  return view;
}

/** Events as a seat may see them: other players' dealt hole cards are blanked. */
export function redactEvents(events: readonly TableEvent[], seat: number | null): TableEvent[] {
  return events.map((e) => (e.type === "hole_cards_dealt" && e.seat !== seat ? { ...e, cards: [] } : e));
}
