/**
 * A room's frames handed to its clients a few milliseconds of work at a time: a frame for
 * thousands of watchers, or thousands of frames for one player each (a Supernova flight ending at
 * the payout cap pays every player still in), never holds the event loop for long, so requests
 * keep being read and answered between the turns. Each frame is encoded once, when its turn
 * comes, and written to its clients as the same bytes. Frames leave in the order given: the next
 * starts once every client of the one before has been handed it.
 */
import { type Client, getMessageBytes, Protocol, type Room } from "@colyseus/core";

/** The longest one turn of the event loop spends handing out frames before it yields. */
export const SEND_TURN_MS = 2;

/** Clients handed a frame between two looks at the clock. */
const CLOCK_EVERY = 16;

/** A room's frames in order: to every client of the room, or to some. */
export interface SlicedSender {
  /** Sends a frame to every client the room has when the frame's turn comes. */
  broadcast(type: string, body: unknown): void;
  /** Sends a frame to `clients` alone (a player's own). */
  sendTo(clients: Iterable<Client>, type: string, body: unknown): void;
}

/** A frame waiting for its turn; `clients` undefined means the whole room. Its body is not changed after. */
interface Queued {
  type: string;
  body: unknown;
  clients: Client[] | undefined;
}

/** Hands a frame to a client; one whose connection is closing is skipped (it rejoins with a snapshot). */
function sendQuietly(client: Client, bytes: Uint8Array): void {
  try {
    client.enqueueRaw(bytes);
  } catch {
    // The socket is closing: nothing more to send it.
  }
}

/** Lets the event loop run what waits (requests, timers) before the next share of writes. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Returns the sender of `room`, yielding the event loop after `turnMs` of writes. */
export function createSlicedSender(room: Room, turnMs = SEND_TURN_MS): SlicedSender {
  let queued: Queued[] = [];
  let next = 0;
  let sending = false;

  const sendAll = async () => {
    let turnStartedAt = performance.now();
    let handed = 0;
    while (next < queued.length) {
      const frame = queued[next++] as Queued;
      const bytes = getMessageBytes.raw(Protocol.ROOM_DATA, frame.type, frame.body);
      for (const client of frame.clients ?? [...room.clients]) {
        sendQuietly(client, bytes);
        if (++handed % CLOCK_EVERY !== 0 || performance.now() - turnStartedAt < turnMs) continue;
        await nextTurn();
        turnStartedAt = performance.now();
      }
    }
    queued = [];
    next = 0;
    sending = false;
  };

  // Writing starts on the next turn: a caller queuing many frames at once (a player's own play
  // for every player at the payout cap) only queues them.
  const enqueue = (frame: Queued) => {
    queued.push(frame);
    if (sending) return;
    sending = true;
    setImmediate(() => void sendAll());
  };

  return {
    broadcast: (type, body) => enqueue({ type, body, clients: undefined }),
    sendTo: (clients, type, body) => enqueue({ type, body, clients: [...clients] }),
  };
}
