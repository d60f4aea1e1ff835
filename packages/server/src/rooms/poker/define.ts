/** Registers the poker rooms: one `poker_table` room per table (filtered by tableId) and the lobby. */
import { POKER_LOBBY_ROOM, POKER_TABLE_ROOM } from "@casino/protocol/schemas/poker";
import type { Server } from "@colyseus/core";
import type { CasinoServices } from "../../services.ts";
import { createPokerLobbyRoom } from "./lobby-room.ts";
import { createPokerTableRoom } from "./poker-table-room.ts";

/** Defines the poker rooms on the Colyseus server (or the admitting registry of bootstrap.ts). */
export function definePokerRooms(server: Pick<Server, "define">, services: CasinoServices): void {
  server.define(POKER_TABLE_ROOM, createPokerTableRoom(services)).filterBy(["tableId"]);
  server.define(POKER_LOBBY_ROOM, createPokerLobbyRoom(services));
}
