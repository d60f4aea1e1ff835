import type { SeatPlace } from "./seatRing.ts";
import type { PlayerSnap } from "./tableSnapshot.ts";

/** How far from a seat toward the centre its bet is drawn. */
const TOWARD_CENTRE = 0.42;

/** Each player's bet this round, drawn between their seat and the pot. */
export function BetChips({ places, players }: { places: SeatPlace[]; players: PlayerSnap[] }) {
  return (
    <>
      {players
        .filter((p) => p.currentBet > 0)
        .map((p) => {
          const place = places[p.seatPosition];
          if (!place) return null;
          const left = place.left + (50 - place.left) * TOWARD_CENTRE;
          const top = place.top + (50 - place.top) * TOWARD_CENTRE;
          return (
            <span
              key={p.seatPosition}
              className="poker-bet"
              style={{ left: `${left}%`, top: `${top}%` }}
              aria-hidden="true"
              data-testid={`bet-${p.seatPosition}`}
            >
              {p.currentBet}
            </span>
          );
        })}
    </>
  );
}
