/** Helpers for game-room tests with real @colyseus/sdk clients. */

import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";
import type { TestPlayer } from "../../games/test-helpers.ts";
import type { TestCasino } from "../../http/test-helpers.ts";
import { GAME_ROOM } from "./game-room.ts";

/** A reply of the room: a "result" or an "error" message. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes.
export type RoomReply = { kind: "result" | "error"; body: any };

/** Joins (or creates) the player's room of a game with the session token. */
export async function joinGameRoom(casino: TestCasino, player: TestPlayer, gameType: string): Promise<Room> {
  const sdk = new VersionedClient(casino.url);
  sdk.auth.token = player.client.token!;
  return sdk.joinOrCreate(GAME_ROOM, { gameType });
}

/** The next "result" or "error" message of a room. */
export function nextReply(room: Room): Promise<RoomReply> {
  return new Promise((resolve) => {
    const offs = [
      room.onMessage("result", (body) => {
        for (const off of offs) off();
        resolve({ kind: "result", body });
      }),
      room.onMessage("error", (body) => {
        for (const off of offs) off();
        resolve({ kind: "error", body });
      }),
    ];
  });
}

/** Sends a message and waits for its reply. */
export async function act(room: Room, type: string, payload?: unknown): Promise<RoomReply> {
  const reply = nextReply(room);
  room.send(type, payload);
  return reply;
}

/** Waits until a condition on the synced state holds (state patches follow the messages). */
export async function waitForState(room: Room, holds: (state: Room["state"]) => boolean): Promise<void> {
  const check = () => {
    try {
      return room.state !== undefined && holds(room.state);
    } catch {
      return false; // not synced yet
    }
  };
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`room state never matched: ${JSON.stringify(room.state?.toJSON?.())}`);
}

/** Leaves rooms still connected (a room already left or dropped is skipped). */
export async function leaveAll(rooms: Room[]): Promise<void> {
  await Promise.all(
    rooms.filter((room) => room.connection.isOpen).map((room) => room.leave().catch(() => undefined)),
  );
}
