/**
 * What each seat may see, decided once: a seat sees its own hole cards and the ones shown at
 * showdown, never the deck. `canSeeHoleCards` is the rule; the table view, the room state and the
 * hand histories all ask it, and `playerView` applies it to a whole table.
 */
import type { TableEvent, TableState } from "./types.ts";

/**
 * Whether a viewer (null: a spectator) may see the hole cards of their owner, shown or not. Owner
 * and viewer are both seats, or both player ids.
 */
export function canSeeHoleCards<T extends number | string>(
  owner: T,
  viewer: T | null,
  shown: boolean,
): boolean {
  return shown || owner === viewer;
}

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
        holeCards: canSeeHoleCards(p.seat, seat, p.shown) ? [...p.holeCards] : [],
      })),
      pots: hand.pots.map((pot) => ({ ...pot, eligibleSeats: [...pot.eligibleSeats] })),
      results: hand.results.map((shares) => shares.map((share) => ({ ...share }))),
    },
  };
}

/** Events as a seat may see them: other players' dealt hole cards are blanked (a showdown shows them in its own event). */
export function redactEvents(events: readonly TableEvent[], seat: number | null): TableEvent[] {
  return events.map((e) =>
    e.type === "hole_cards_dealt" && !canSeeHoleCards(e.seat, seat, false) ? { ...e, cards: [] } : e,
  );
}
