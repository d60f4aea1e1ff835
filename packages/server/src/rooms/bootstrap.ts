/**
 * Registers every room type on the Colyseus server; rooms get the casino's services through their
 * factories. Every type is registered through the admission of room-admission.ts (who may open a
 * room, and how many per source address).
 */
import type { Server } from "@colyseus/core";
import type { CasinoServices } from "../services.ts";
import { defineGameRoom } from "./games/game-room.ts";
import { createHealthRoom, HEALTH_ROOM } from "./health-room.ts";
import { definePokerRooms } from "./poker/define.ts";
import { openPokerLobby } from "./poker/lobby-room.ts";
import { admitRooms } from "./room-admission.ts";

/** A room type to register: its name and a factory closing over the services. */
export interface RoomDefinition {
  name: string;
  create(services: CasinoServices): Parameters<Server["define"]>[1];
}

/** A registry that defines room types on `server` with the admission around each. */
function admittingRegistry(server: Server, services: CasinoServices): Pick<Server, "define"> {
  const define = (name: string, klass: Parameters<Server["define"]>[1], defaultOptions?: unknown) =>
    server.define(name, admitRooms(services, name, klass), defaultOptions as never);
  return { define: define as Server["define"] };
}

/** Defines the health room plus any rooms other areas contribute. */
export function defineRooms(
  server: Server,
  services: CasinoServices,
  extraRooms: RoomDefinition[] = [],
): void {
  const rooms = admittingRegistry(server, services);
  rooms.define(HEALTH_ROOM, createHealthRoom(services));
  defineGameRoom(rooms, services);
  definePokerRooms(rooms, services);
  for (const room of extraRooms) rooms.define(room.name, room.create(services));
}

/** Opens the rooms that exist whether or not anyone asked (the poker lobby); call once listening. */
export async function openStandingRooms(): Promise<void> {
  await openPokerLobby();
}
