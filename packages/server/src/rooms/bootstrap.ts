/**
 * Every room type of the casino, declared with Colyseus's defineRoom for startCasino's
 * defineServer; rooms get the casino's services through their factories. Every type goes through
 * the admission of room-admission.ts (who may open a room, and how many per source address).
 */

import { CHAT_ROOM } from "@casino/protocol/schemas/chat";
import { LIVE_FEED_ROOM } from "@casino/protocol/schemas/live-feed";
import { POKER_LOBBY_ROOM, POKER_TABLE_ROOM } from "@casino/protocol/schemas/poker";
import { defineRoom } from "@colyseus/core";
import type { AppServices } from "../app-services.ts";
import { CRASH_ROOM, createCrashRoom } from "./crash/crash-room.ts";
import { createChatRoom } from "./floor/chat-room.ts";
import { createLiveFeedRoom, openLiveFeedRoom } from "./floor/feed-room.ts";
import { createGameRoom, GAME_ROOM } from "./games/game-room.ts";
import { createHealthRoom, HEALTH_ROOM } from "./health-room.ts";
import { createPokerLobbyRoom, openPokerLobby } from "./poker/lobby-room.ts";
import { createPokerTableRoom } from "./poker/poker-table-room.ts";
import { admitRooms } from "./room-admission.ts";

/** The room table of the casino: name -> room class behind the admission, with its filters. */
export function declareRooms(services: AppServices) {
  const admitted = (name: string, klass: Parameters<typeof defineRoom>[0]) =>
    defineRoom(admitRooms(services, name, klass));
  return {
    [HEALTH_ROOM]: admitted(HEALTH_ROOM, createHealthRoom(services)),
    /** One per player and game. */
    [GAME_ROOM]: admitted(GAME_ROOM, createGameRoom(services)).filterBy(["gameType", "owner"]),
    /** One per poker table. */
    [POKER_TABLE_ROOM]: admitted(POKER_TABLE_ROOM, createPokerTableRoom(services)).filterBy(["tableId"]),
    [POKER_LOBBY_ROOM]: admitted(POKER_LOBBY_ROOM, createPokerLobbyRoom(services)),
    /** One per chat channel ("casino", "table:<tableId>"), more when one fills. */
    [CHAT_ROOM]: admitted(CHAT_ROOM, createChatRoom(services)).filterBy(["channel"]),
    /** The live bets feed and players online: one per process, more when one fills. */
    [LIVE_FEED_ROOM]: admitted(LIVE_FEED_ROOM, createLiveFeedRoom(services, services.feed)),
    /** Supernova: one per currency, more when one fills; every one gets the engine's frames. */
    [CRASH_ROOM]: admitted(CRASH_ROOM, createCrashRoom(services)).filterBy(["currency"]),
  };
}

/** Opens the rooms that exist whether or not anyone asked (the poker lobby); call once listening. */
export async function openStandingRooms(): Promise<void> {
  await openPokerLobby();
  await openLiveFeedRoom();
}
