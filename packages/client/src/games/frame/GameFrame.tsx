import { GAME_CATALOGUE, type SinglePlayerGame } from "@casino/protocol";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LiveBets } from "../../floor/feed/LiveBets.tsx";
import type { RoomStatus } from "../room/useJoinedRoom.ts";
import { SessionStatsPanel } from "../session-stats/SessionStatsPanel.tsx";
import { PlayOptions } from "./PlayOptions.tsx";

/** What the connection badge says. */
const STATUS_TEXT: Record<RoomStatus, string> = {
  connecting: "Connecting...",
  ready: "Live",
  offline: "Reconnecting...",
};

/**
 * The frame of every single-player game screen: Back button to /casino, the game's title, the room's
 * connection badge, the play options (hotkeys, sound, instant mode), the bet panel beside the table
 * with the screen's auto-bet panel (`autoBet`) and the session stats under it.
 */
export function GameFrame({
  gameType,
  status,
  betPanel,
  autoBet,
  children,
}: {
  gameType: SinglePlayerGame;
  status: RoomStatus;
  betPanel: ReactNode;
  autoBet?: ReactNode;
  children: ReactNode;
}) {
  const entry = GAME_CATALOGUE.find((game) => game.id === gameType);
  return (
    <section
      className={`game-screen game-${gameType}`}
      aria-labelledby="game-title"
      data-testid="game-screen"
    >
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
      <PlayOptions />
      <div className="game-layout">
        <div className="game-table">{children}</div>
        <aside className="game-aside">
          {betPanel}
          {autoBet}
          <SessionStatsPanel />
          <LiveBets compact />
        </aside>
      </div>
    </section>
  );
}
