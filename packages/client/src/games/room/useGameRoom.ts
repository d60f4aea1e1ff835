/**
 * The per-player game room of one game over @colyseus/sdk: joins with the session cookie once a
 * wallet is connected, keeps a plain snapshot of the synced state, and turns each action into a
 * value (result or failure). Balances carried by a result go to the header at once.
 */
import type { GameMessageType, SinglePlayerGame } from "@casino/protocol";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { openRoomSession } from "../../api/roomSession.ts";
import { explainJoinRefusal, explainRoomClose, type RoomClose } from "../../errors/roomClose.ts";
import { useToast } from "../../ui/toast.ts";
import { useApplyBalances, useRefreshBalance } from "../../wallet/balance.ts";
import { walletAddressAtom } from "../../wallet/walletAtoms.ts";
import { type GameOutcome, type GameResultBody, localFailure, readGameReply } from "./gameReply.ts";
import type { RoomSnapshot } from "./roomSnapshot.ts";

/** Name the server registers the single-player room under. */
export const GAME_ROOM_NAME = "game";

/** How long an action may take before the screen gives up on it. */
export const ACTION_TIMEOUT_MS = 15_000;

/** Wait before joining again after the connection dropped. */
const REJOIN_DELAY_MS = 2_000;

/** Where the room is: joining, playing, or cut off (it keeps trying). */
export type RoomStatus = "connecting" | "ready" | "offline";

/** What a game screen gets from its room. */
export type GameRoomHandle = {
  status: RoomStatus;
  snapshot: RoomSnapshot | null;
  act: (type: GameMessageType, payload?: Record<string, unknown>) => Promise<GameOutcome>;
};

/** The room client for this page's origin (the session cookie authenticates same-origin joins). */
function createRoomClient(): VersionedClient {
  return new VersionedClient(window.location.origin);
}

/**
 * Joins the player's room of `gameType` and keeps it joined while the screen is open. `onNotice`
 * hears results the player did not ask for on this tab (an abandoned round settled, another tab).
 */
export function useGameRoom(
  gameType: SinglePlayerGame,
  onNotice?: (body: GameResultBody) => void,
): GameRoomHandle {
  const wallet = useAtomValue(walletAddressAtom);
  const applyBalances = useApplyBalances();
  const refreshBalance = useRefreshBalance();
  const [status, setStatus] = useState<RoomStatus>("connecting");
  const [snapshot, setSnapshot] = useState<RoomSnapshot | null>(null);
  const roomRef = useRef<Room | null>(null);
  const noticeRef = useRef(onNotice);
  noticeRef.current = onNotice;
  const toast = useToast();
  const navigate = useNavigate();
  const toastRef = useRef(toast);
  toastRef.current = toast;
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    if (!wallet) return;
    const session = openRoomSession(roomRef);
    // A named close (session ended, page out of date): say why, stop rejoining, back to the lobby.
    const endFor = (named: RoomClose) => {
      setStatus("offline");
      toastRef.current({ tone: "error", title: named.title, description: named.message });
      navigateRef.current("/");
    };
    const join = async () => {
      setStatus("connecting");
      try {
        const room = await createRoomClient().joinOrCreate(GAME_ROOM_NAME, { gameType });
        if (!session.adopt(room)) return;
        room.onStateChange((state: { toJSON: () => RoomSnapshot }) => setSnapshot(state.toJSON()));
        room.onMessage("result", (body: unknown) => {
          const outcome = readGameReply(body);
          if (outcome.ok && outcome.body.action === "abandoned") noticeRef.current?.(outcome.body);
        });
        room.onMessage("error", () => undefined);
        room.onLeave((code?: number) => {
          if (!session.release(room)) return;
          const named = explainRoomClose(code);
          if (named) return endFor(named);
          setStatus("offline");
          session.retryIn(REJOIN_DELAY_MS, () => void join());
        });
        setStatus("ready");
      } catch (error) {
        if (session.disposed) return;
        const named = explainJoinRefusal(error);
        if (named) return endFor(named);
        setStatus("offline");
        session.retryIn(REJOIN_DELAY_MS, () => void join());
      }
    };
    void join();
    return session.dispose;
  }, [gameType, wallet]);

  const act = useCallback(
    async (type: GameMessageType, payload?: Record<string, unknown>): Promise<GameOutcome> => {
      const room = roomRef.current;
      if (!room) return localFailure("room/offline");
      let outcome: GameOutcome;
      try {
        outcome = readGameReply(await room.request(type, payload ?? {}, { timeout: ACTION_TIMEOUT_MS }));
      } catch {
        return localFailure("room/no_answer");
      }
      if (outcome.ok) {
        applyBalances(outcome.body);
        void refreshBalance();
      }
      return outcome;
    },
    [applyBalances, refreshBalance],
  );

  return { status, snapshot, act };
}
