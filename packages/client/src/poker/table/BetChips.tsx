import type { CSSProperties } from "react";
import type { SeatPlace } from "./seatRing.ts";
import type { PlayerSnap } from "./tableSnapshot.ts";

/** Each player's bet this round, drawn between their seat and the pot (placed by poker-layout.css). */
export function BetChips({ places, players }: { places: SeatPlace[]; players: PlayerSnap[] }) {
  return (
    <>
      {players
        .filter((p) => p.currentBet > 0)
        .map((p) => {
          const place = places[p.seatPosition];
          if (!place) return null;
          return (
            <span
              key={p.seatPosition}
              className="poker-bet"
              style={{ "--seat-x": `${place.left}%`, "--seat-y": `${place.top}%` } as CSSProperties}
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
