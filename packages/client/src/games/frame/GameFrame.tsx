import type { SinglePlayerGame } from "@casino/protocol";
import type { ReactNode } from "react";
import { LiveBets } from "../../floor/feed/LiveBets.tsx";
import type { RoomStatus } from "../room/useJoinedRoom.ts";
import { SessionStatsPanel } from "../session-stats/SessionStatsPanel.tsx";
import { GameHeading } from "./GameHeading.tsx";
import { PlayOptions } from "./PlayOptions.tsx";

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
  return (
    <section
      className={`game-screen game-${gameType}`}
      aria-labelledby="game-title"
      data-testid="game-screen"
    >
      <GameHeading gameType={gameType} status={status} />
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
