/**
 * The same games over their Colyseus room: join a game room with the session's token and send the
 * room messages (typed by @casino/protocol's room schemas); each message resolves with the
 * room's "result" or rejects with its "error" (e.g. "room/rate_limited" over the room's budget of
 * GAME_ROOM_MESSAGES_PER_SECOND), or at once when the connection drops or the room closes.
 */
import type { SinglePlayerGame } from "@casino/protocol/games/game-types";
import type { GAME_MESSAGE_SCHEMAS, GameMessageType } from "@casino/protocol/schemas/room-messages";

export { GAME_ROOM_MESSAGES_PER_SECOND } from "@casino/protocol/schemas/room-messages";

import type { Client, Room } from "@colyseus/sdk";
import type { z } from "zod";
import type { CasinoSession } from "./session.ts";
import { VersionedClient } from "./versioned-client.ts";

/** A room message as the script writes it (the schema's input). */
export type GameMessageInput<K extends GameMessageType> = z.input<(typeof GAME_MESSAGE_SCHEMAS)[K]>;

/** The room type every single-player game is played in. */
export const GAME_ROOM = "game";

/** How long a message waits for the room's answer. */
const ANSWER_TIMEOUT_MS = 10_000;

/** A joined game room. */
export interface GameRoomPlayer {
  room: Room;
  /** Sends one message and waits for the room's answer to it. */
  play<K extends GameMessageType>(type: K, message: GameMessageInput<K>): Promise<Record<string, unknown>>;
  leave(): Promise<void>;
}

/** A Colyseus client for the casino, authenticated as the session. */
export function roomClientOf(session: CasinoSession): Client {
  const client = new VersionedClient(session.baseUrl);
  client.auth.token = session.token;
  return client;
}

/** Joins (or opens) the session's room of a game. */
export async function joinGameRoom(
  session: CasinoSession,
  gameType: SinglePlayerGame,
): Promise<GameRoomPlayer> {
  const room = await roomClientOf(session).joinOrCreate(GAME_ROOM, { gameType });
  let waiting: { resolve(body: Record<string, unknown>): void; reject(error: Error): void } | undefined;
  room.onMessage("result", (body: Record<string, unknown>) => {
    waiting?.resolve(body);
    waiting = undefined;
  });
  room.onMessage("error", (body: { code?: string; message?: string }) => {
    waiting?.reject(new Error(`${body.code ?? "room/error"}: ${body.message ?? ""}`));
    waiting = undefined;
  });
  room.onMessage("*", () => undefined);
  const fail = (error: Error) => {
    waiting?.reject(error);
    waiting = undefined;
  };
  room.onDrop(() => fail(new Error("sdk/room_dropped: the connection dropped before the answer")));
  room.onLeave((code: number) =>
    fail(new Error(`sdk/room_closed: the room closed the connection (${code})`)),
  );
  return {
    room,
    play(type, message) {
      if (waiting) return Promise.reject(new Error("sdk/busy: one message at a time"));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting = undefined;
          reject(new Error(`sdk/no_answer: ${type} unanswered for ${ANSWER_TIMEOUT_MS} ms`));
        }, ANSWER_TIMEOUT_MS);
        const settle =
          <T>(then: (value: T) => void) =>
          (value: T) => {
            clearTimeout(timer);
            then(value);
          };
        waiting = { resolve: settle(resolve), reject: settle(reject) };
        room.send(type, message);
      });
    },
    leave: () => room.leave().then(() => undefined),
  };
}
