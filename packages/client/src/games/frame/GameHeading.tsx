import { GAME_CATALOGUE, type SinglePlayerGame } from "@casino/protocol";
import { Link } from "react-router";
import type { RoomStatus } from "../room/useJoinedRoom.ts";
import "./game-heading.css";

/** What the connection badge says. */
const STATUS_TEXT: Record<RoomStatus, string> = {
  connecting: "Connecting...",
  ready: "Live",
  offline: "Reconnecting...",
};

/** The top of a single-player game screen: Back to /casino, the room's connection badge, the game's title. */
export function GameHeading({ gameType, status }: { gameType: SinglePlayerGame; status: RoomStatus }) {
  const entry = GAME_CATALOGUE.find((game) => game.id === gameType);
  return (
    <>
      <div className="game-topbar">
        <Link to="/casino" className="back-link">
          ← Back to Casino
        </Link>
        <span className={`badge room-status room-${status}`} data-testid="room-status" data-status={status}>
          {STATUS_TEXT[status]}
        </span>
      </div>
      <h1 id="game-title" className="game-title">
        <span aria-hidden="true">{entry?.icon}</span> <span className="gradient-text">{entry?.title}</span>
      </h1>
    </>
  );
}

/**
 * A game screen while its code loads: the same heading as the game (prerendered with the page, so
 * the title is drawn from the HTML) above the loading line.
 */
export function GameScreenLoading({ gameType }: { gameType: SinglePlayerGame }) {
  const entry = GAME_CATALOGUE.find((game) => game.id === gameType);
  return (
    <section className={`game-screen game-${gameType}`} aria-labelledby="game-title" aria-busy="true">
      <GameHeading gameType={gameType} status="connecting" />
      <p className="loading">Loading {entry?.title ?? "the game"}...</p>
    </section>
  );
}
