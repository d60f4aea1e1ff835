import type { CSSProperties } from "react";
import { ActionTimer } from "./ActionTimer.tsx";
import { CardView } from "./CardView.tsx";
import { describeSeat, initialsOf, positionMarkers, stateTags } from "./seatDescription.ts";
import type { SeatPlace } from "./seatRing.ts";
import { nameOfPlayer, type PlayerSnap, type TableSnapshot } from "./tableSnapshot.ts";

/** Whether a seat holds hidden cards this hand (drawn as card backs). */
function holdsHiddenCards(snapshot: TableSnapshot, player: PlayerSnap): boolean {
  return (
    player.inHand &&
    !player.hasFolded &&
    player.holeCards.length === 0 &&
    snapshot.handNumber > 0 &&
    (snapshot.gamePhase !== "waiting" || snapshot.winners.length > 0)
  );
}

/** One seat of the ring: avatar, name, stack, bet, markers, cards and the timer when acting. */
export function SeatView({
  snapshot,
  place,
  isMe,
}: {
  snapshot: TableSnapshot;
  place: SeatPlace;
  isMe: boolean;
}) {
  const seat = place.seat;
  const player = snapshot.players.find((p) => p.seatPosition === seat);
  // The stylesheet keeps the seat inside the felt around this point (poker-layout.css).
  const style = { "--seat-x": `${place.left}%`, "--seat-y": `${place.top}%` } as CSSProperties;
  const label = describeSeat(snapshot, seat, player, isMe);
  if (!player) {
    return (
      <li className="poker-seat is-empty" style={style} aria-label={label} data-seat={seat}>
        <span className="poker-seat-empty">Seat {seat + 1}</span>
      </li>
    );
  }
  const acting = snapshot.toActSeat === seat;
  const winner = snapshot.winners.some((w) => w.seat === seat);
  const hidden = holdsHiddenCards(snapshot, player);
  const classes = [
    "poker-seat",
    isMe ? "is-me" : "",
    acting ? "is-acting" : "",
    player.hasFolded ? "is-folded" : "",
    winner ? "is-winner" : "",
  ].join(" ");
  return (
    <li className={classes} style={style} aria-label={label} data-seat={seat} data-testid={`seat-${seat}`}>
      <div className="poker-seat-cards" aria-hidden="true">
        {player.holeCards.length > 0
          ? player.holeCards.map((card) => (
              <CardView key={`${card.rank}${card.suit}`} card={card} size={isMe ? "md" : "sm"} />
            ))
          : hidden && (
              <>
                <CardView state="back" size="sm" />
                <CardView state="back" size="sm" />
              </>
            )}
      </div>
      <div className="poker-seat-plate" aria-hidden="true">
        <span className={`poker-avatar ${player.isBot ? "is-bot" : ""}`}>
          {player.isBot ? "🤖" : initialsOf(nameOfPlayer(player))}
        </span>
        <span className="poker-seat-text">
          <span className="poker-seat-name">
            {nameOfPlayer(player)}
            {isMe && <span className="poker-you"> (you)</span>}
          </span>
          <span className="poker-seat-stack" data-testid={`stack-${seat}`}>
            {player.chipCount}
          </span>
        </span>
        {positionMarkers(snapshot, seat).map((marker) => (
          <span key={marker} className={`poker-marker poker-marker-${marker.toLowerCase()}`}>
            {marker}
          </span>
        ))}
      </div>
      <div className="poker-seat-tags" aria-hidden="true">
        {player.lastAction && !player.hasFolded && snapshot.gamePhase !== "waiting" && (
          <span className="poker-tag poker-tag-action">{player.lastAction}</span>
        )}
        {stateTags(snapshot, player)
          .filter((tag) => tag !== "To act")
          .map((tag) => (
            <span key={tag} className="poker-tag">
              {tag}
            </span>
          ))}
      </div>
      {acting && snapshot.actionDeadline > 0 && (
        <ActionTimer seat={seat} deadline={snapshot.actionDeadline} usingTimeBank={snapshot.usingTimeBank} />
      )}
    </li>
  );
}
