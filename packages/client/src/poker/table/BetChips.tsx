import type { CSSProperties } from "react";
import type { SeatPlace } from "./seatRing.ts";
import type { PlayerSnap } from "./tableSnapshot.ts";

/** Each player's bet this round, drawn between their seat and the pot (placed by poker-layout.css). */
export function BetChips({
  places,
  players,
  mySeat,
}: {
  places: SeatPlace[];
  players: PlayerSnap[];
  mySeat: number | null;
}) {
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
              className={p.seatPosition === mySeat ? "poker-bet is-mine" : "poker-bet"}
              style={
                {
                  "--seat-x": `${place.left}%`,
                  "--seat-y": `${place.top}%`,
                  "--toward-middle": place.left > 50 ? -1 : 1,
                } as CSSProperties
              }
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
