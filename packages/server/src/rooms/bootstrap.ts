/** Registers every room type on the Colyseus server; rooms get the casino's services through their factories. */
import type { Server } from "@colyseus/core";
import type { CasinoServices } from "../services.ts";
import { defineGameRoom } from "./games/game-room.ts";
import { createHealthRoom, HEALTH_ROOM } from "./health-room.ts";
import { definePokerRooms } from "./poker/define.ts";

/** A room type to register: its name and a factory closing over the services. */
export interface RoomDefinition {
  name: string;
  create(services: CasinoServices): Parameters<Server["define"]>[1];
}

/** Defines the health room plus any rooms other areas contribute. */
export function defineRooms(
  server: Server,
  services: CasinoServices,
  extraRooms: RoomDefinition[] = [],
): void {
  server.define(HEALTH_ROOM, createHealthRoom(services));
  defineGameRoom(server, services);
  definePokerRooms(server, services);
  for (const room of extraRooms) server.define(room.name, room.create(services));
}
