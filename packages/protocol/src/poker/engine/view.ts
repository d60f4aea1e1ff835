/**
 * What each seat may see: one pure function strips the deck and other players' hole cards (until
 * they are shown), so a room can send every client exactly its own view.
 */
import type { TableEvent, TableState } from "./types.ts";

/** The table as seen from a seat (null for a spectator): no deck, no hidden hole cards; a copy that shares nothing with the state. */
export function playerView(state: TableState, seat: number | null): TableState {
  const hand = state.hand;
  return {
    ...state,
    config: { ...state.config },
    seats: state.seats.map((p) => (p ? { ...p } : null)),
    hand: hand && {
      ...hand,
      board: [...hand.board],
      deck: [],
      players: hand.players.map((p) => ({
        ...p,
        holeCards: p.seat === seat || p.shown ? [...p.holeCards] : [],
      })),
      pots: hand.pots.map((pot) => ({ ...pot, eligibleSeats: [...pot.eligibleSeats] })),
      results: hand.results.map((shares) => shares.map((share) => ({ ...share }))),
    },
  };
}

/** Events as a seat may see them: other players' dealt hole cards are blanked. */
export function redactEvents(events: readonly TableEvent[], seat: number | null): TableEvent[] {
  return events.map((e) => (e.type === "hole_cards_dealt" && e.seat !== seat ? { ...e, cards: [] } : e));
}
