/**
 * The per-player game room of one game: keeps a plain snapshot of the synced state, passes on the
 * results the player did not ask for here, and on a named close (session ended, page out of date)
 * says why and goes back to the lobby.
 */
import type { GameMessageType, SinglePlayerGame } from "@casino/protocol";
import type { VersionedClient } from "@casino/sdk/versioned-client";
import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { RoomClose } from "../../errors/roomClose.ts";
import { useToast } from "../../ui/toast.ts";
import { type GameOutcome, type GameResultBody, readGameReply } from "./gameReply.ts";
import type { RoomSnapshot } from "./roomSnapshot.ts";
import { type RoomStatus, useJoinedRoom } from "./useJoinedRoom.ts";

/** Name the server registers the single-player room under. */
export const GAME_ROOM_NAME = "game";

/** How long an action may take before the screen gives up on it. */
export const ACTION_TIMEOUT_MS = 15_000;

/** What a game screen gets from its room. */
export type GameRoomHandle = {
  status: RoomStatus;
  snapshot: RoomSnapshot | null;
  act: (type: GameMessageType, payload?: Record<string, unknown>) => Promise<GameOutcome>;
};

/**
 * Joins the player's room of `gameType` and keeps it joined while the screen is open. `onNotice`
 * hears results the player did not ask for on this tab (an abandoned round settled, another tab).
 */
export function useGameRoom(
  gameType: SinglePlayerGame,
  onNotice?: (body: GameResultBody) => void,
): GameRoomHandle {
  const [snapshot, setSnapshot] = useState<RoomSnapshot | null>(null);
  const noticeRef = useRef(onNotice);
  noticeRef.current = onNotice;
  const toast = useToast();
  const navigate = useNavigate();
  const joinRoom = useCallback(
    (client: VersionedClient) => client.joinOrCreate(GAME_ROOM_NAME, { gameType }),
    [gameType],
  );
  const { status, act } = useJoinedRoom(joinRoom, {
    actionTimeoutMs: ACTION_TIMEOUT_MS,
    refreshAfterAction: true,
    listen: (room) => {
      room.onStateChange((state: { toJSON: () => RoomSnapshot }) => setSnapshot(state.toJSON()));
      room.onMessage("result", (body: unknown) => {
        const outcome = readGameReply(body);
        if (outcome.ok && outcome.body.action === "abandoned") noticeRef.current?.(outcome.body);
      });
      room.onMessage("error", () => undefined);
    },
    // Rejoining cannot help: say why and go back to the lobby.
    onNamedClose: (named: RoomClose) => {
      toast({ tone: "error", title: named.title, description: named.message });
      navigate("/");
    },
  });
  return { status, snapshot, act };
}
