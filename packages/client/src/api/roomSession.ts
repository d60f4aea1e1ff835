/**
 * One effect's hold on a Colyseus room connection: the room it keeps in a ref, the pending rejoin,
 * and the cleanup when the effect ends. A join that completes after the cleanup is left at once,
 * and a room that leaves after it is not acted on.
 */
import type { Room } from "@colyseus/sdk";
import type { RefObject } from "react";

/** Leaves `room` with consent; a connection that is already gone is not an error. */
export async function leaveRoom(room: Room): Promise<void> {
  await room.leave(true).catch(() => undefined);
}

/** What a room hook's effect uses to keep, drop, rejoin and finally leave its room. */
export type RoomSession = {
  /** True once the effect was cleaned up. */
  readonly disposed: boolean;
  /** Keeps a room that just joined; after the cleanup it leaves the room and answers false. */
  adopt: (room: Room) => boolean;
  /** Forgets `room` once it left; answers false after the cleanup (nothing more to do). */
  release: (room: Room) => boolean;
  /** Runs `connect` again after `delayMs`. */
  retryIn: (delayMs: number, connect: () => void) => void;
  /** The effect's cleanup: cancels a pending rejoin and leaves the room it holds. */
  dispose: () => void;
};

/** Starts a session that keeps its room in `roomRef`; return its `dispose` from the effect. */
export function openRoomSession(roomRef: RefObject<Room | null>): RoomSession {
  let disposed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  return {
    get disposed() {
      return disposed;
    },
    adopt(room) {
      if (disposed) {
        void leaveRoom(room);
        return false;
      }
      roomRef.current = room;
      return true;
    },
    release(room) {
      if (roomRef.current === room) roomRef.current = null;
      return !disposed;
    },
    retryIn(delayMs, connect) {
      retry = setTimeout(connect, delayMs);
    },
    dispose() {
      disposed = true;
      if (retry) clearTimeout(retry);
      const room = roomRef.current;
      roomRef.current = null;
      if (room) void leaveRoom(room);
    },
  };
}
