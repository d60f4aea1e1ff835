/**
 * The live table list: the `lobby` room pushes every change (players sitting down, hands starting,
 * tables opened when full); while the room is unreachable GET /api/poker/tables is polled every
 * 5 s (SPEC.md section 9).
 */
import { POKER_LOBBY_ROOM } from "@casino/protocol/schemas/poker";
import { tableListSchema } from "@casino/protocol/schemas/poker-view";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { fetchApi } from "../../api/http.ts";
import { POKER_TABLES_PATH, type TableSummary } from "../api/pokerApi.ts";
import { readCoinAmount } from "../table/tableSnapshot.ts";

/** SPEC.md section 9: the lobby list is polled every 5 s (here only while the room is down). */
export const LOBBY_POLL_MS = 5000;
const REJOIN_DELAY_MS = 3000;

/** The list and where it comes from. */
export type LobbyTables = { tables: TableSummary[] | null; live: boolean; failed: boolean };

/** The lobby room's state (after toJSON) as a list in the server's order, buy-ins rounded to coins. */
export function readLobbyState(json: unknown): TableSummary[] {
  const tables = (json as { tables?: Record<string, TableSummary> } | null)?.tables ?? {};
  return Object.values(tables).map((table) => ({
    ...table,
    buyInMin: readCoinAmount(table.buyInMin),
    buyInMax: readCoinAmount(table.buyInMax),
  }));
}

/** The table list, live from the lobby room, polled over REST as a fallback. */
export function useLobbyTables(): LobbyTables {
  const [live, setLive] = useState<TableSummary[] | null>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    let disposed = false;
    let current: Room | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      try {
        const room = await new VersionedClient(window.location.origin).joinOrCreate(POKER_LOBBY_ROOM, {});
        if (disposed) {
          void room.leave(true).catch(() => undefined);
          return;
        }
        current = room;
        const draw = (state: { toJSON: () => unknown }) => setLive(readLobbyState(state.toJSON()));
        room.onStateChange(draw);
        if (room.state) draw(room.state as { toJSON: () => unknown });
        room.onLeave(() => {
          current = null;
          setConnected(false);
          if (!disposed) retry = setTimeout(() => void connect(), REJOIN_DELAY_MS);
        });
        setConnected(true);
      } catch {
        setConnected(false);
        if (!disposed) retry = setTimeout(() => void connect(), REJOIN_DELAY_MS);
      }
    };
    void connect();
    return () => {
      disposed = true;
      if (retry) clearTimeout(retry);
      if (current) void current.leave(true).catch(() => undefined);
    };
  }, []);

  const polled = useQuery({
    queryKey: ["poker-tables"],
    queryFn: ({ signal }): Promise<TableSummary[]> =>
      fetchApi(POKER_TABLES_PATH, signal, {}, tableListSchema),
    enabled: !connected,
    refetchInterval: connected ? false : LOBBY_POLL_MS,
    staleTime: 0,
  });

  const useLive = connected && live !== null && live.length > 0;
  return {
    tables: useLive ? live : (polled.data ?? live),
    live: useLive,
    failed: !connected && polled.isError,
  };
}
