/** Feed viewers for the tests: a real SDK client in the live_feed room that keeps what it heard. */
import {
  FEED_ONLINE,
  FEED_ROWS,
  FEED_SNAPSHOT,
  type FeedRow,
  type FeedRowsWire,
  type FeedSnapshot,
  LIVE_FEED_ROOM,
  unpackFeedRows,
} from "@casino/protocol";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";

/** A viewer and everything the room told it. */
export interface FeedViewer {
  room: Room;
  snapshot: FeedSnapshot | undefined;
  /** Rows of FEED_ROWS "all", in arrival order. */
  all: (FeedRow & { high: boolean })[];
  /** Rows of FEED_ROWS "mine", in arrival order. */
  mine: (FeedRow & { high: boolean })[];
  online: number | undefined;
  /** When each row id arrived (Date.now()). */
  arrivedAt: Map<string, number>;
  /** FEED_ROWS "all" messages heard (frames). */
  frames: number;
}

/** Polls `check` until it holds (the feed flushes on a timer; no fixed sleeps). */
export async function waitUntil(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Joins the feed (with a session token, or as a visitor) and waits for its snapshot. */
export async function joinFeed(url: string, token?: string, waitSnapshot = true): Promise<FeedViewer> {
  const sdk = new VersionedClient(url);
  if (token) sdk.auth.token = token;
  const room = await sdk.joinOrCreate(LIVE_FEED_ROOM, {});
  const viewer: FeedViewer = {
    room,
    snapshot: undefined,
    all: [],
    mine: [],
    online: undefined,
    arrivedAt: new Map(),
    frames: 0,
  };
  room.onMessage(FEED_SNAPSHOT, (snapshot: FeedSnapshot) => {
    viewer.snapshot = snapshot;
    viewer.online = snapshot.online;
  });
  room.onMessage(FEED_ROWS, (wire: FeedRowsWire) => {
    const message = unpackFeedRows(wire);
    const at = Date.now();
    for (const row of message.rows) viewer.arrivedAt.set(`${message.tab}:${row.id}`, at);
    if (message.tab === "all") viewer.frames++;
    viewer[message.tab].push(...message.rows);
  });
  room.onMessage(FEED_ONLINE, (message: { online: number }) => {
    viewer.online = message.online;
  });
  if (waitSnapshot) await waitUntil(() => viewer.snapshot !== undefined, "the feed snapshot");
  return viewer;
}
