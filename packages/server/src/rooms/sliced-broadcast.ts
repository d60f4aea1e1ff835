/**
 * A room's frames sent to its clients a slice at a time: each frame is encoded once, then handed
 * to a few hundred clients per turn of the event loop, so that a frame for thousands of watchers
 * never holds the loop for long (bets and cash-outs keep being answered between the slices).
 * Frames leave in order: the next starts once every client has been handed the one before.
 */
import { type Client, getMessageBytes, Protocol, type Room } from "@colyseus/core";

/** Clients handed a frame per turn of the event loop. */
export const BROADCAST_SLICE = 250;

/** Hands a frame to a client; one whose connection is closing is skipped (it rejoins with a snapshot). */
function sendQuietly(client: Client, bytes: Uint8Array): void {
  try {
    client.enqueueRaw(bytes);
  } catch {
    // The socket is closing: nothing more to send it.
  }
}

/** Returns a `broadcast(type, body)` for `room` that sends in slices. */
export function createSlicedBroadcast(
  room: Room,
  slice = BROADCAST_SLICE,
): (type: string, body: unknown) => void {
  const queued: Uint8Array[] = [];
  let sending = false;

  const sendAll = async () => {
    while (queued.length > 0) {
      const bytes = queued.shift() as Uint8Array;
      const clients = [...room.clients];
      for (let from = 0; from < clients.length; from += slice) {
        if (from > 0) await new Promise((resolve) => setImmediate(resolve));
        for (const client of clients.slice(from, from + slice)) sendQuietly(client, bytes);
      }
    }
    sending = false;
  };

  return (type, body) => {
    queued.push(getMessageBytes.raw(Protocol.ROOM_DATA, type, body));
    if (sending) return;
    sending = true;
    void sendAll();
  };
}
