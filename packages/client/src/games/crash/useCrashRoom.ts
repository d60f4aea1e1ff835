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
import type { VersionedClient } from "@casino/sdk/versioned-client";
import { useCallback, useRef, useState } from "react";
import { useRefreshBalance } from "../../wallet/balance.ts";
import type { GameOutcome } from "../room/gameReply.ts";
import { type RoomStatus, useJoinedRoom } from "../room/useJoinedRoom.ts";
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

/** What the crash screen gets from its room. */
export interface CrashRoomHandle {
  status: RoomStatus;
  view: CrashView | null;
  act: (type: "bet" | "cashOut", payload?: Record<string, unknown>) => Promise<GameOutcome>;
}

/** Joins the crash room of `currency` while the screen is open; `onCrash` hears each crash (sounds). */
export function useCrashRoom(currency: Currency, onCrash?: (frame: CrashEndFrame) => void): CrashRoomHandle {
  const refreshBalance = useRefreshBalance();
  const [view, setView] = useState<CrashView | null>(null);
  const onCrashRef = useRef(onCrash);
  onCrashRef.current = onCrash;
  const joinRoom = useCallback(
    (client: VersionedClient) => client.joinOrCreate(CRASH_ROOM, { currency }),
    [currency],
  );
  const { status, act } = useJoinedRoom(joinRoom, {
    actionTimeoutMs: ACTION_TIMEOUT_MS,
    onOpen: () => setView(null),
    listen: (room) => {
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
    },
  });
  return { status, view, act };
}
