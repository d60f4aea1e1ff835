/**
 * The live table over the `poker_table` room: joins with the session cookie (or reconnects with
 * the token this tab saved, so a reload keeps its room connection), keeps a plain snapshot of the
 * synced state, and sends the room's messages as requests answered with a value. While the room
 * is unreachable the table is read over REST every 2 s and every move goes over REST (SPEC.md section 7).
 */
import { POKER_TABLE_ROOM, type PokerMessageType } from "@casino/protocol/schemas/poker";
import { Client, type Room } from "@colyseus/sdk";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { type ApiResult, describeApiFailure } from "../../api/http.ts";
import {
  actAtTable,
  getTable,
  leaveTable,
  setPreActionAtTable,
  sitOutAtTable,
  startHand,
} from "../api/pokerApi.ts";
import { clearReconnect, readReconnect, saveReconnect } from "./reconnectStore.ts";
import { readRestTable, readRoomState, type TableSnapshot } from "./tableSnapshot.ts";

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

/** How the screen is kept up to date: live room, REST polling, or the table does not exist. */
export type TableConnection = "connecting" | "live" | "polling" | "missing";

/** The answer to a message: the room's result fields, or its refusal. */
export type RoomAnswer =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; code: string; message: string };

/** What the table screen gets from its room. */
export type TableRoomHandle = {
  connection: TableConnection;
  failure: string | null;
  snapshot: TableSnapshot | null;
  send: (type: PokerMessageType, payload?: Record<string, unknown>) => Promise<RoomAnswer>;
  /** Closes the room connection on purpose (the seat stays unless "leave" was sent first). */
  disconnect: () => Promise<void>;
};

function readAnswer(value: unknown): RoomAnswer {
  const body = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
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
        if (late) void room.leave(true).catch(() => undefined);
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
  const calls: Partial<Record<PokerMessageType, () => Promise<ApiResult<unknown>>>> = {
    action: () =>
      actAtTable(
        tableId,
        wallet,
        String(payload.actionType),
        typeof payload.amount === "number" ? payload.amount : undefined,
      ),
    startHand: () => startHand(tableId, wallet),
    leave: () => leaveTable(tableId, wallet),
    sitOut: () => sitOutAtTable(tableId, wallet, payload.sittingOut === true),
    preAction: () => setPreActionAtTable(tableId, wallet, String(payload.preAction)),
  };
  const call = calls[type]?.();
  if (!call)
    return { ok: false, code: "room/offline", message: "Not connected to the table: try again in a moment" };
  const result = await call;
  if (!result.ok) return { ok: false, code: result.error.code, message: describeApiFailure(result.error) };
  return { ok: true, body: (result.data ?? {}) as Record<string, unknown> };
}

/** Joins the room of `tableId` for the connected wallet and keeps the snapshot current. */
export function useTableRoom(tableId: string, wallet: string | null): TableRoomHandle {
  const [connection, setConnection] = useState<TableConnection>("connecting");
  const [failure, setFailure] = useState<string | null>(null);
  const [snapshot, setSnapshot] = useState<TableSnapshot | null>(null);
  const roomRef = useRef<Room | null>(null);
  const stoppedRef = useRef(false);

  useEffect(() => {
    if (!wallet) return;
    let disposed = false;
    stoppedRef.current = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      setConnection("polling");
      retry = setTimeout(() => void connect(), REJOIN_DELAY_MS);
    };
    const attach = (room: Room) => {
      roomRef.current = room;
      saveReconnect({ tableId, token: room.reconnectionToken });
      const draw = (state: { toJSON: () => unknown }) => setSnapshot(readRoomState(state.toJSON()));
      room.onStateChange(draw);
      if (room.state) draw(room.state as { toJSON: () => unknown });
      room.onMessage("result", () => undefined);
      room.onMessage("error", () => undefined);
      room.onDrop(() => setConnection("polling"));
      room.onReconnect(() => {
        saveReconnect({ tableId, token: room.reconnectionToken });
        setConnection("live");
      });
      room.onLeave(() => {
        if (roomRef.current === room) roomRef.current = null;
        if (!disposed && !stoppedRef.current) later();
      });
      setFailure(null);
      setConnection("live");
    };
    const connect = async () => {
      const client = new Client(window.location.origin);
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
        if (disposed) return;
        const code = (error as { code?: unknown }).code;
        if (code === INVALID_CRITERIA) {
          setFailure(error instanceof Error ? error.message : "No such poker table");
          setConnection("missing");
          return;
        }
        later();
        return;
      }
      if (disposed) {
        void room.leave(true).catch(() => undefined);
        return;
      }
      attach(room);
    };
    setConnection("connecting");
    void connect();
    return () => {
      disposed = true;
      if (retry) clearTimeout(retry);
      const room = roomRef.current;
      roomRef.current = null;
      if (room) void room.leave(true).catch(() => undefined);
    };
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
        if (!wallet) return { ok: false, code: "room/offline", message: "Connect a wallet first" };
        return sendOverRest(tableId, wallet, type, payload);
      }
      try {
        return readAnswer(await room.request(type, payload, { timeout: ANSWER_TIMEOUT_MS }));
      } catch {
        return { ok: false, code: "room/no_answer", message: "The table did not answer" };
      }
    },
    [tableId, wallet],
  );

  const disconnect = useCallback(async () => {
    stoppedRef.current = true;
    clearReconnect();
    const room = roomRef.current;
    roomRef.current = null;
    if (room) await room.leave(true).catch(() => undefined);
  }, []);

  const shown = connection !== "live" && polled.data ? polled.data : snapshot;
  return { connection, failure, snapshot: shown, send, disconnect };
}
