/**
 * The live table over the `poker_table` room: joins with the session cookie (or reconnects with
 * the token this tab saved, so a reload keeps its room connection), keeps a plain snapshot of the
 * synced state, and sends the room's messages as requests answered with a value. While the room
 * is unreachable the table is read over REST every 2 s and every move goes over REST (SPEC.md section 7).
 * A named close (session ended, page out of date) ends the connection for good: the screen says why.
 */
import { POKER_TABLE_ROOM, type PokerMessageType } from "@casino/protocol/schemas/poker";
import { HAND_LOG_MESSAGE, type HandLogMessage } from "@casino/protocol/schemas/poker-hand-log";
import { roomRefusalSchema } from "@casino/protocol/schemas/room-replies";
import { messageOf } from "@casino/protocol/wire/failures";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { type ApiResult, describeApiFailure } from "../../api/http.ts";
import { leaveRoom, openRoomSession } from "../../api/roomSession.ts";
import { explainJoinRefusal, explainRoomClose, type RoomClose } from "../../errors/roomClose.ts";
import {
  actAtTable,
  getTable,
  leaveTable,
  setPreActionAtTable,
  sitOutAtTable,
  startHand,
} from "../api/pokerApi.ts";
import { clearReconnect, readReconnect, saveReconnect } from "./reconnectStore.ts";
import { readRestTable, readRoomState, type TableSnapshot, withSeenActions } from "./tableSnapshot.ts";

/** The matchmaker's code for criteria no room can meet (here: no such table). */
const INVALID_CRITERIA = 521;
/** Wait before joining again after the room was lost. */
const REJOIN_DELAY_MS = 2000;
/** SPEC.md section 9: the table is polled every 2 s while the room is not live. */
export const TABLE_POLL_MS = 2000;
/** How long joining (or reconnecting to) the room may take before the screen falls back to REST. */
const JOIN_TIMEOUT_MS = 8000;
/** How long a message may wait for the room's answer. */
const ANSWER_TIMEOUT_MS = 10_000;

/**
 * How the screen is kept up to date: live room, REST polling, the table does not exist, or the
 * server ended the connection for a named reason (`closed` says which).
 */
export type TableConnection = "connecting" | "live" | "polling" | "missing" | "ended";

/** The answer to a message: the room's result fields, or its refusal. */
export type RoomAnswer =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; code: string; message: string };

/** What the table screen gets from its room. */
export type TableRoomHandle = {
  connection: TableConnection;
  failure: string | null;
  /** Why the server ended the connection (connection "ended"). */
  closed: RoomClose | null;
  snapshot: TableSnapshot | null;
  /** The current hand's events as the room last sent them (null over REST). */
  handLog: HandLogMessage | null;
  send: (type: PokerMessageType, payload?: Record<string, unknown>) => Promise<RoomAnswer>;
  /** Closes the room connection on purpose (the seat stays unless "leave" was sent first). */
  disconnect: () => Promise<void>;
};

/** A room's reply as an answer: its refusal (roomRefusalSchema), or the move's fields. */
function readAnswer(value: unknown): RoomAnswer {
  const body = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const refusal = roomRefusalSchema.safeParse(body);
  if (refusal.success) return { ok: false, code: refusal.data.code, message: refusal.data.message };
  if (body.ok === false)
    return {
      ok: false,
      code: String(body.code ?? "poker/refused"),
      message: String(body.message ?? "Refused"),
    };
  return { ok: true, body };
}

/** Waits for a room join at most `ms`; a join that completes later is left at once. */
function joinWithin(join: Promise<Room>, ms: number): Promise<Room> {
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new Error("The table did not answer in time"));
    }, ms);
    join.then(
      (room) => {
        if (late) void leaveRoom(room);
        else {
          clearTimeout(timer);
          resolve(room);
        }
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!late) reject(error);
      },
    );
  });
}

/** Sends a message over REST when the room is not live (sitting down goes through the join dialog). */
async function sendOverRest(
  tableId: string,
  wallet: string,
  type: PokerMessageType,
  payload: Record<string, unknown>,
): Promise<RoomAnswer> {
  const calls: Partial<Record<PokerMessageType, () => Promise<ApiResult<object>>>> = {
    action: () =>
      actAtTable(
        tableId,
        wallet,
        String(payload.actionType),
        typeof payload.version === "number" ? payload.version : 0,
        typeof payload.amount === "number" ? payload.amount : undefined,
      ),
    startHand: () => startHand(tableId, wallet),
    leave: () => leaveTable(tableId, wallet),
    sitOut: () => sitOutAtTable(tableId, wallet, payload.sittingOut === true),
    preAction: () => setPreActionAtTable(tableId, wallet, String(payload.preAction)),
  };
  const call = calls[type]?.();
  if (!call) return { ok: false, code: "room/offline", message: messageOf("room/offline") };
  const result = await call;
  if (!result.ok) return { ok: false, code: result.error.code, message: describeApiFailure(result.error) };
  return { ok: true, body: { ...result.data } as Record<string, unknown> };
}

/** Joins the room of `tableId` for the connected wallet and keeps the snapshot current. */
export function useTableRoom(tableId: string, wallet: string | null): TableRoomHandle {
  const [connection, setConnection] = useState<TableConnection>("connecting");
  const [failure, setFailure] = useState<string | null>(null);
  const [closed, setClosed] = useState<RoomClose | null>(null);
  const [snapshot, setSnapshot] = useState<TableSnapshot | null>(null);
  /** The current hand's events as the room last sent them (the table log is told from them). */
  const [handLog, setHandLog] = useState<HandLogMessage | null>(null);
  const roomRef = useRef<Room | null>(null);
  const stoppedRef = useRef(false);

  useEffect(() => {
    if (!wallet) return;
    const session = openRoomSession(roomRef);
    stoppedRef.current = false;
    /** Stops for good on a named close: no rejoin, no polling; the screen says why. */
    const end = (reason: RoomClose) => {
      clearReconnect();
      setClosed(reason);
      setFailure(reason.message);
      setConnection("ended");
    };
    const later = () => {
      setConnection("polling");
      session.retryIn(REJOIN_DELAY_MS, () => void connect());
    };
    const attach = (room: Room) => {
      saveReconnect({ tableId, token: room.reconnectionToken });
      const draw = (state: { toJSON: () => unknown }) => {
        const next = readRoomState(state.toJSON());
        setSnapshot((prev) => withSeenActions(prev, next));
      };
      room.onStateChange(draw);
      if (room.state) draw(room.state as { toJSON: () => unknown });
      room.onMessage(HAND_LOG_MESSAGE, (message: HandLogMessage) => setHandLog(message));
      room.onMessage("result", () => undefined);
      room.onMessage("error", () => undefined);
      room.onDrop(() => setConnection("polling"));
      room.onReconnect(() => {
        saveReconnect({ tableId, token: room.reconnectionToken });
        setConnection("live");
      });
      room.onLeave((code?: number) => {
        if (!session.release(room) || stoppedRef.current) return;
        const named = explainRoomClose(code);
        if (named) end(named);
        else later();
      });
      setFailure(null);
      setConnection("live");
    };
    const connect = async () => {
      const client = new VersionedClient(window.location.origin);
      let room: Room | null = null;
      const token = readReconnect(tableId);
      if (token) {
        try {
          room = await joinWithin(client.reconnect(token), JOIN_TIMEOUT_MS);
        } catch {
          clearReconnect();
        }
      }
      try {
        room ??= await joinWithin(client.joinOrCreate(POKER_TABLE_ROOM, { tableId }), JOIN_TIMEOUT_MS);
      } catch (error) {
        if (session.disposed) return;
        const named = explainJoinRefusal(error);
        if (named) return end(named);
        const code = (error as { code?: unknown }).code;
        if (code === INVALID_CRITERIA) {
          setFailure(error instanceof Error ? error.message : "No such poker table");
          setConnection("missing");
          return;
        }
        later();
        return;
      }
      if (session.adopt(room)) attach(room);
    };
    setConnection("connecting");
    setClosed(null);
    void connect();
    return session.dispose;
  }, [tableId, wallet]);

  const polled = useQuery({
    queryKey: ["poker-table", tableId, wallet ?? ""],
    queryFn: async ({ signal }) => {
      const result = await getTable(tableId, signal);
      if (!result.ok) throw new Error(describeApiFailure(result.error));
      return readRestTable(result.data);
    },
    enabled: connection === "polling" || connection === "connecting",
    refetchInterval: connection === "polling" || connection === "connecting" ? TABLE_POLL_MS : false,
    staleTime: 0,
  });

  const send = useCallback(
    async (type: PokerMessageType, payload: Record<string, unknown> = {}): Promise<RoomAnswer> => {
      const room = roomRef.current;
      if (!room?.connection.isOpen) {
        if (!wallet) return { ok: false, code: "room/offline", message: messageOf("auth/no_session") };
        return sendOverRest(tableId, wallet, type, payload);
      }
      try {
        // A betting action names the table version it was taken on: the room refuses it if the table moved on.
        const version = (room.state as { version?: unknown } | undefined)?.version;
        const body = type === "action" && typeof version === "number" ? { ...payload, version } : payload;
        return readAnswer(await room.request(type, body, { timeout: ANSWER_TIMEOUT_MS }));
      } catch {
        return { ok: false, code: "room/no_answer", message: messageOf("room/no_answer") };
      }
    },
    [tableId, wallet],
  );

  const disconnect = useCallback(async () => {
    stoppedRef.current = true;
    clearReconnect();
    const room = roomRef.current;
    roomRef.current = null;
    if (room) await leaveRoom(room);
  }, []);

  const shown = connection !== "live" && polled.data ? polled.data : snapshot;
  return { connection, failure, closed, snapshot: shown, handLog, send, disconnect };
}
