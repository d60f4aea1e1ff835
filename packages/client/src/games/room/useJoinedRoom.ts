/**
 * A game screen's room connection over @colyseus/sdk: joins with the session cookie once a wallet is
 * connected, joins again a short while after a lost connection or a failed join, and turns each
 * action into a value (result or failure). Balances carried by a result go to the header at once.
 */
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import { openRoomSession } from "../../api/roomSession.ts";
import { explainJoinRefusal, explainRoomClose, type RoomClose } from "../../errors/roomClose.ts";
import { useApplyBalances, useRefreshBalance } from "../../wallet/balance.ts";
import { walletAddressAtom } from "../../wallet/walletAtoms.ts";
import { type GameOutcome, localFailure, readGameReply } from "./gameReply.ts";

/** Wait before joining again after the connection dropped. */
const REJOIN_DELAY_MS = 2_000;

/** Where the room is: joining, playing, or cut off (it keeps trying). */
export type RoomStatus = "connecting" | "ready" | "offline";

/** How a screen uses its room: what it hears, and what its actions wait for. */
export type RoomJoinSetup = {
  /** Registers the room's message handlers; called on every join. */
  listen: (room: Room) => void;
  /** Forgets what the previous connection showed; called when a new room or wallet is joined. */
  onOpen?: () => void;
  /** Hears a named close (session ended, page out of date), which ends the rejoining; without it such a close rejoins. */
  onNamedClose?: (named: RoomClose) => void;
  /** How long an action may take before the screen gives up on it. */
  actionTimeoutMs: number;
  /** Reads the balances again after each successful action. */
  refreshAfterAction?: boolean;
};

/** The joined room as a screen sees it: its status, and a request that answers with a value. */
export type JoinedRoom = {
  status: RoomStatus;
  act: (type: string, payload?: Record<string, unknown>) => Promise<GameOutcome>;
};

/** Keeps the room `joinRoom` opens joined while the screen is open and a wallet is connected. */
export function useJoinedRoom(
  joinRoom: (client: VersionedClient) => Promise<Room>,
  setup: RoomJoinSetup,
): JoinedRoom {
  const wallet = useAtomValue(walletAddressAtom);
  const applyBalances = useApplyBalances();
  const refreshBalance = useRefreshBalance();
  const [status, setStatus] = useState<RoomStatus>("connecting");
  const roomRef = useRef<Room | null>(null);
  const setupRef = useRef(setup);
  setupRef.current = setup;
  const { actionTimeoutMs, refreshAfterAction = false } = setup;

  useEffect(() => {
    if (!wallet) return;
    const session = openRoomSession(roomRef);
    setupRef.current.onOpen?.();
    // A named close, when the screen handles it: it says why and the room is not joined again.
    const endsOn = (named: RoomClose | null) => {
      const onNamedClose = setupRef.current.onNamedClose;
      if (!named || !onNamedClose) return false;
      setStatus("offline");
      onNamedClose(named);
      return true;
    };
    const join = async () => {
      setStatus("connecting");
      try {
        const room = await joinRoom(new VersionedClient(window.location.origin));
        if (!session.adopt(room)) return;
        setupRef.current.listen(room);
        room.onLeave((code?: number) => {
          if (!session.release(room) || endsOn(explainRoomClose(code))) return;
          setStatus("offline");
          session.retryIn(REJOIN_DELAY_MS, () => void join());
        });
        setStatus("ready");
      } catch (error) {
        if (session.disposed || endsOn(explainJoinRefusal(error))) return;
        setStatus("offline");
        session.retryIn(REJOIN_DELAY_MS, () => void join());
      }
    };
    void join();
    return session.dispose;
  }, [joinRoom, wallet]);

  const act = useCallback(
    async (type: string, payload?: Record<string, unknown>): Promise<GameOutcome> => {
      const room = roomRef.current;
      if (!room) return localFailure("room/offline");
      let outcome: GameOutcome;
      try {
        outcome = readGameReply(await room.request(type, payload ?? {}, { timeout: actionTimeoutMs }));
      } catch {
        return localFailure("room/no_answer");
      }
      if (outcome.ok) {
        applyBalances(outcome.body);
        if (refreshAfterAction) void refreshBalance();
      }
      return outcome;
    },
    [applyBalances, refreshBalance, actionTimeoutMs, refreshAfterAction],
  );

  return { status, act };
}
