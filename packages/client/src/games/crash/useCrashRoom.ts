/**
 * The `crash` room of one currency over @colyseus/sdk: joins once a wallet is connected, folds the
 * room's frames into a CrashView, and turns a bet or a cash-out into a value (result or failure).
 * Balances carried by a result go to the header at once.
 */
import type { Currency } from "@casino/protocol";
import {
  type CrashEndFrame,
  crashEndFrameSchema,
  crashEventsFrameSchema,
  crashFlightFrameSchema,
  crashOwnPlayFrameSchema,
  crashRoundFrameSchema,
} from "@casino/protocol/games/crash/schemas";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import { openRoomSession } from "../../api/roomSession.ts";
import { useApplyBalances, useRefreshBalance } from "../../wallet/balance.ts";
import { walletAddressAtom } from "../../wallet/walletAtoms.ts";
import { type GameOutcome, localFailure, readGameReply } from "../room/gameReply.ts";
import type { RoomStatus } from "../room/useGameRoom.ts";
import {
  applyCrash,
  applyEvents,
  applyFlight,
  applyOwnPlay,
  type CrashView,
  viewOfRound,
} from "./crashRound.ts";

/** The room's name on the server. */
const CRASH_ROOM = "crash";

/** How long a bet or cash-out may take before the screen gives up on it. */
const ACTION_TIMEOUT_MS = 10_000;

/** Wait before joining again after the connection dropped. */
const REJOIN_DELAY_MS = 2_000;

/** What the crash screen gets from its room. */
export interface CrashRoomHandle {
  status: RoomStatus;
  view: CrashView | null;
  act: (type: "bet" | "cashOut", payload?: Record<string, unknown>) => Promise<GameOutcome>;
}

/** Joins the crash room of `currency` while the screen is open; `onCrash` hears each crash (sounds). */
export function useCrashRoom(currency: Currency, onCrash?: (frame: CrashEndFrame) => void): CrashRoomHandle {
  const wallet = useAtomValue(walletAddressAtom);
  const applyBalances = useApplyBalances();
  const refreshBalance = useRefreshBalance();
  const [status, setStatus] = useState<RoomStatus>("connecting");
  const [view, setView] = useState<CrashView | null>(null);
  const roomRef = useRef<Room | null>(null);
  const onCrashRef = useRef(onCrash);
  onCrashRef.current = onCrash;

  useEffect(() => {
    if (!wallet) return;
    const session = openRoomSession(roomRef);
    setView(null);
    const join = async () => {
      setStatus("connecting");
      try {
        const room = await new VersionedClient(window.location.origin).joinOrCreate(CRASH_ROOM, { currency });
        if (!session.adopt(room)) return;
        room.onMessage("round", (body: unknown) => {
          const frame = crashRoundFrameSchema.safeParse(body);
          if (frame.success) setView(viewOfRound(frame.data, Date.now()));
        });
        room.onMessage("flight", (body: unknown) => {
          const frame = crashFlightFrameSchema.safeParse(body);
          if (frame.success) setView((old) => (old ? applyFlight(old, frame.data, Date.now()) : old));
        });
        room.onMessage("events", (body: unknown) => {
          const frame = crashEventsFrameSchema.safeParse(body);
          if (frame.success) setView((old) => (old ? applyEvents(old, frame.data) : old));
        });
        room.onMessage("play", (body: unknown) => {
          const frame = crashOwnPlayFrameSchema.safeParse(body);
          if (frame.success) setView((old) => (old ? applyOwnPlay(old, frame.data) : old));
        });
        room.onMessage("crash", (body: unknown) => {
          const frame = crashEndFrameSchema.safeParse(body);
          if (!frame.success) return;
          setView((old) => (old ? applyCrash(old, frame.data) : old));
          onCrashRef.current?.(frame.data);
          void refreshBalance();
        });
        room.onMessage("result", () => undefined);
        room.onMessage("error", () => undefined);
        room.onLeave(() => {
          if (!session.release(room)) return;
          setStatus("offline");
          session.retryIn(REJOIN_DELAY_MS, () => void join());
        });
        setStatus("ready");
      } catch {
        if (session.disposed) return;
        setStatus("offline");
        session.retryIn(REJOIN_DELAY_MS, () => void join());
      }
    };
    void join();
    return session.dispose;
  }, [currency, wallet, refreshBalance]);

  const act = useCallback(
    async (type: "bet" | "cashOut", payload?: Record<string, unknown>): Promise<GameOutcome> => {
      const room = roomRef.current;
      if (!room) return localFailure("room/offline");
      let outcome: GameOutcome;
      try {
        outcome = readGameReply(await room.request(type, payload ?? {}, { timeout: ACTION_TIMEOUT_MS }));
      } catch {
        return localFailure("room/no_answer");
      }
      if (outcome.ok) applyBalances(outcome.body);
      return outcome;
    },
    [applyBalances],
  );

  return { status, view, act };
}
