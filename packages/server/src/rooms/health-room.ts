/**
 * A tiny authenticated room: proves end to end that joins carry the player's session. Its one
 * message, "ping", carries nothing; a payload is malformed and drops the client (Colyseus validate).
 */
import { type Client, Room, validate } from "@colyseus/core";
import { z } from "zod";
import type { CasinoServices } from "../services.ts";
import { createRoomAuthenticator, type RoomAuth } from "./room-auth.ts";

/** Name the health room is registered under. */
export const HEALTH_ROOM = "health";

/** The payload of "ping": none. */
export const pingSchema = z.undefined();

/** Creates the health room class bound to the casino's services (static onAuth needs them). */
export function createHealthRoom(services: CasinoServices) {
  const authenticate = createRoomAuthenticator(services, HEALTH_ROOM);
  return class HealthRoom extends Room {
    override maxMessagesPerSecond = 10;

    static override async onAuth(
      token: string,
      _options: unknown,
      context: Parameters<typeof Room.onAuth>[2],
    ) {
      return authenticate(token, context);
    }

    override messages = {
      ping: validate(pingSchema, (client: Client) => {
        const auth = client.auth as RoomAuth;
        client.send("pong", { walletAddress: auth.walletAddress, at: services.now() });
      }),
    };

    override onJoin(client: Client) {
      const auth = client.auth as RoomAuth;
      client.send("welcome", { walletAddress: auth.walletAddress });
    }
  };
}
