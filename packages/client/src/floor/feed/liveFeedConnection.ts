/**
 * One live_feed room connection per tab, shared by every LiveBets and the header's online count:
 * the first user connects, the last one leaving closes it a moment later (so moving between screens
 * keeps it). While the room is unreachable the tabs are read from GET /api/bets/recent every 5 s.
 * A new wallet reconnects, so My bets follows the session. The room also pushes PLAY_STATE (why bets
 * are paused), kept in floor/play-state.
 */
import type { FeedAnswer, FeedRowsWire, FeedSnapshot } from "@casino/protocol/schemas/live-feed";
import {
  PLAY_STATE,
  type PlayStateMessage,
  ROUND_SETTLED_NOTICE,
  type RoundSettledNoticeMessage,
} from "@casino/protocol/schemas/play-state";
import {
  FEED_ONLINE,
  FEED_ROWS,
  FEED_SNAPSHOT,
  FEED_TABS,
  LIVE_FEED_ROOM,
  unpackFeedRows,
} from "@casino/protocol/wire/live-feed";
import type { Room } from "@colyseus/sdk";
import { requestApi } from "../../api/http.ts";
import { lazySchema } from "../../api/lazySchema.ts";
import { whenIdle } from "../../ui/whenIdle.ts";
import { applyPlayState, forgetPlayerPause, notePlayerBets } from "../play-state/playStateStore.ts";
import { announceRoundSettled } from "../play-state/roundNotices.ts";
import { EMPTY_FEED, type FeedTabs, mergeRows, tabsOfSnapshot, withTab } from "./feedRows.ts";

/** How often REST is read while the room is down. */
export const FEED_POLL_MS = 5000;
const REJOIN_DELAY_MS = 3000;
const CLOSE_DELAY_MS = 2000;

/** What the feed's users see. */
export interface FeedState extends FeedTabs {
  /** The room is connected (rows arrive as they settle). */
  live: boolean;
}

let state: FeedState = { ...EMPTY_FEED, live: false };
const listeners = new Set<() => void>();
let users = 0;
let identity: string | null = null;
let room: Room | null = null;
let connecting = false;
let timers: ReturnType<typeof setTimeout>[] = [];

function update(next: Partial<FeedState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function later(fn: () => void, ms: number): void {
  timers.push(setTimeout(fn, ms));
}

/** Reads every tab over REST (the fallback); a tab that fails keeps its rows. */
async function pollTabs(): Promise<void> {
  for (const tab of FEED_TABS) {
    const answer = await requestApi<FeedAnswer>(
      "GET",
      `/api/bets/recent?tab=${tab}`,
      {},
      lazySchema("feedAnswerSchema"),
    );
    if (answer.ok) update(withTab(state, tab, answer.data.rows, answer.data.online));
  }
}

function schedulePoll(): void {
  later(() => {
    if (users === 0 || state.live) return;
    void pollTabs().finally(schedulePoll);
  }, FEED_POLL_MS);
}

/** Resolves when the browser has a quiet moment after the page loaded. */
function waitForIdle(): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve));
}

/** Takes the feed's messages from `joined` while it is the connection in use; a room left on purpose is ignored. */
function listenTo(joined: Room): void {
  joined.onMessage(FEED_SNAPSHOT, (snapshot: FeedSnapshot) => {
    if (room === joined) update({ ...tabsOfSnapshot(snapshot), live: true });
  });
  joined.onMessage(FEED_ROWS, (wire: FeedRowsWire) => {
    if (room !== joined) return;
    const message = unpackFeedRows(wire);
    update(mergeRows(state, message));
    // The player's own bets move the session-limit clock (poker hands are not timed by it).
    if (message.tab === "mine")
      notePlayerBets(message.rows.filter((row) => row.game !== "poker").map((row) => row.at));
  });
  joined.onMessage(PLAY_STATE, (message: PlayStateMessage) => {
    if (room === joined) applyPlayState(message);
  });
  joined.onMessage(ROUND_SETTLED_NOTICE, (notice: RoundSettledNoticeMessage) => {
    if (room === joined) announceRoundSettled(notice);
  });
  joined.onMessage(FEED_ONLINE, (message: { online: number }) => {
    if (room === joined) update({ online: message.online });
  });
  joined.onLeave(() => {
    if (room !== joined) return; // left on purpose (a new wallet or nobody watching)
    room = null;
    update({ live: false });
    if (users > 0) {
      later(() => void connect(), REJOIN_DELAY_MS);
      schedulePoll();
    }
  });
}

async function connect(): Promise<void> {
  if (connecting || room || users === 0) return;
  connecting = true;
  const joiningAs = identity;
  try {
    // The SDK loads on first use once the page is idle, so it stays out of the lobby's first paint.
    await waitForIdle();
    const { VersionedClient } = await import("@casino/sdk/versioned-client");
    const joined = await new VersionedClient(window.location.origin).joinOrCreate(LIVE_FEED_ROOM, {});
    connecting = false;
    // Handlers first: the snapshot may come before this join is kept, even to a room left at once.
    listenTo(joined);
    if (users === 0) {
      void joined.leave(true).catch(() => undefined);
      return;
    }
    room = joined;
    if (joiningAs !== identity) {
      // The wallet changed while joining: join again under the new session.
      disconnect();
      void connect();
    }
  } catch {
    connecting = false;
    update({ live: false });
    if (users > 0) {
      void pollTabs();
      later(() => void connect(), REJOIN_DELAY_MS);
    }
  }
}

function disconnect(): void {
  for (const timer of timers) clearTimeout(timer);
  timers = [];
  const current = room;
  room = null;
  if (current) void current.leave(true).catch(() => undefined);
  update({ live: false });
}

/** Starts using the feed (as `wallet`, or as a visitor); returns the function that stops. */
export function openFeedConnection(wallet: string | null): () => void {
  users++;
  if (wallet !== identity) {
    identity = wallet;
    forgetPlayerPause();
    if (room) disconnect();
  }
  void connect();
  return () => {
    users--;
    if (users === 0) later(() => users === 0 && disconnect(), CLOSE_DELAY_MS);
  };
}

/** Subscribes to state changes (useSyncExternalStore). */
export function subscribeFeed(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current state (useSyncExternalStore). */
export function readFeed(): FeedState {
  return state;
}
