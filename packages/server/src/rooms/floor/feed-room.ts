/**
 * The live feed room ("live_feed"): on join the tabs as they are and the players online; then one
 * FEED_ROWS message per frame (feed-window.ts) to everyone (the public rows, hidden players as
 * "Hidden") and one to each player with rows of their own (My bets), plus FEED_ONLINE when the count
 * moves. A room of its own rather than the poker lobby's: the lobby lives on the poker screen only,
 * while the feed sits on every screen, carries per-player rows and is what "players online" counts.
 * It also carries PLAY_STATE (floor/play-state): the maintenance switch to everyone when it flips,
 * and a player's pause to their own clients on join and whenever it changes; and ROUND_SETTLED_NOTICE
 * to a player's clients when the server settles a round they left.
 * Open to visitors, like GET /api/bets/recent; it accepts no messages (any drops the client).
 */
import {
  FEED_ONLINE,
  FEED_ROWS,
  FEED_SNAPSHOT,
  type FeedRowsWire,
  type FeedSnapshot,
  LIVE_FEED_ROOM,
  packFeedRow,
} from "@casino/protocol";
import {
  PLAY_STATE,
  type PlayStateMessage,
  ROUND_SETTLED_NOTICE,
  type RoundSettledNoticeMessage,
} from "@casino/protocol/schemas/play-state";
import { type AuthContext, type Client, CloseCode, matchMaker, Room } from "@colyseus/core";
import type { AppServices } from "../../app-services.ts";
import { type FeedEntry, toFeedRow } from "../../floor/feed/feed-entry.ts";
import type { FeedFrame } from "../../floor/feed/feed-window.ts";
import type { LiveFeed } from "../../floor/feed/live-feed.ts";
import { watchMaintenance } from "../../floor/play-state/maintenance-watch.ts";
import { readPlayerPause } from "../../floor/play-state/player-pause.ts";
import type { RoundSettledNotice } from "../../games/round-events.ts";
import { ADMISSION_OPTION } from "../room-admission.ts";
import { createOptionalRoomAuthenticator, type RoomAuth } from "../room-auth.ts";
import { guardRoomSessions, type RoomSessionGuard } from "../session-guard.ts";

/** How often at most the room tells the players online (joins come in bursts; each is a send per viewer). */
export const ONLINE_BROADCAST_MS = 2_000;

/** Viewers one room holds (the matchmaker opens another when full). */
export const FEED_ROOM_CLIENTS = 2_500;

/** The user id of a signed-in client, else undefined (a visitor). */
function userOf(client: Client): string | undefined {
  const auth = client.auth as RoomAuth | true | undefined;
  return typeof auth === "object" ? auth.userId : undefined;
}

/** The rows of a frame as FEED_ROWS carries them (packed: the message goes to every viewer). */
function rowsOf(entries: readonly FeedEntry[], self: boolean): FeedRowsWire["rows"] {
  return entries.map((entry) => packFeedRow(toFeedRow(entry, undefined, self), entry.high));
}

/** The key "players online" counts a client under. */
function onlineKeyOf(client: Client): string {
  return userOf(client) ?? `visitor:${client.sessionId}`;
}

/** Creates the feed room class bound to the casino's services and feed. */
export function createLiveFeedRoom(services: AppServices, feed: LiveFeed) {
  const authenticate = createOptionalRoomAuthenticator(services);
  return class LiveFeedRoom extends Room {
    override maxMessagesPerSecond = 5;
    override maxClients = FEED_ROOM_CLIENTS;
    private readonly players = new Map<string, Set<Client>>();
    /** Per player here: the end of their subscription to rounds the server settles for them. */
    private readonly notices = new Map<string, () => void>();
    private stopListening: (() => void)[] = [];
    private sessions: RoomSessionGuard | undefined;
    private onlineTimer: NodeJS.Timeout | undefined;

    /** Visitors may watch; the session, when there is one, adds My bets. */
    static override async onAuth(token: string, _options: unknown, context: AuthContext) {
      return authenticate(token, context);
    }

    override onCreate(options?: Record<string, unknown>) {
      // The room the server opens itself stays while the server runs, empty or not.
      if (!options?.[ADMISSION_OPTION]) this.autoDispose = false;
      this.sessions = guardRoomSessions(this, services);
      this.stopListening = [
        feed.subscribe((frame) => this.deliver(frame)),
        feed.onOnline(() => this.scheduleOnline()),
        feed.onPlayer((userId) => void this.sendPause(userId)),
        watchMaintenance(services.games.maintenance, (on) => {
          if (this.clients.length > 0)
            this.broadcast(PLAY_STATE, { maintenance: on } satisfies PlayStateMessage);
        }),
      ];
      this.onMessage("*", (client: Client) =>
        client.leave(CloseCode.WITH_ERROR, "the live feed takes no messages"),
      );
    }

    override async onJoin(client: Client) {
      const userId = userOf(client);
      if (userId) {
        const clients = this.players.get(userId) ?? new Set();
        clients.add(client);
        this.players.set(userId, clients);
        if (!this.notices.has(userId))
          this.notices.set(
            userId,
            services.games.events.subscribe(userId, (notice) => this.sendNotice(userId, notice)),
          );
      }
      feed.online.join(onlineKeyOf(client));
      feed.viewerJoined(userId);
      const [all, high, mine] = await Promise.all([
        feed.read("all"),
        feed.read("high"),
        userId ? feed.read("mine", userId) : Promise.resolve([]),
      ]);
      const snapshot: FeedSnapshot = { all, high, mine, online: feed.online.count() };
      client.send(FEED_SNAPSHOT, snapshot);
      const now = services.now();
      const [maintenance, pause] = await Promise.all([
        services.games.maintenance.isMaintenanceMode(),
        userId ? readPlayerPause(services.handle.db, userId, now) : Promise.resolve(null),
      ]);
      client.send(PLAY_STATE, { maintenance, pause } satisfies PlayStateMessage);
    }

    /** Tells the player's clients here of a round the server settled on its own. */
    private sendNotice(userId: string, notice: RoundSettledNotice) {
      if (!notice.summary) return;
      const message: RoundSettledNoticeMessage = { gameType: notice.gameType, ...notice.summary };
      for (const client of this.players.get(userId) ?? []) client.send(ROUND_SETTLED_NOTICE, message);
    }

    /** Sends the player's pause as it is now to each of their clients here. */
    private async sendPause(userId: string) {
      const clients = this.players.get(userId);
      if (!clients) return;
      try {
        const pause = await readPlayerPause(services.handle.db, userId, services.now());
        for (const client of this.players.get(userId) ?? [])
          client.send(PLAY_STATE, { pause } satisfies PlayStateMessage);
      } catch (error) {
        services.log.warn({ err: error }, "play state read failed");
      }
    }

    override onLeave(client: Client) {
      const userId = userOf(client);
      const clients = userId ? this.players.get(userId) : undefined;
      if (userId && clients) {
        clients.delete(client);
        if (clients.size === 0) {
          this.players.delete(userId);
          this.notices.get(userId)?.();
          this.notices.delete(userId);
        }
      }
      feed.online.leave(onlineKeyOf(client));
      feed.viewerLeft(userId);
    }

    override onDispose() {
      for (const stop of this.stopListening) stop();
      for (const stop of this.notices.values()) stop();
      this.notices.clear();
      clearTimeout(this.onlineTimer);
      this.sessions?.dispose();
    }

    /** The count at most once per ONLINE_BROADCAST_MS, however many join or leave meanwhile. */
    private scheduleOnline() {
      this.onlineTimer ??= setTimeout(() => {
        this.onlineTimer = undefined;
        this.broadcast(FEED_ONLINE, { online: feed.online.count() });
      }, ONLINE_BROADCAST_MS);
    }

    /** One message to everyone, and one to each player present with rows of their own. */
    private deliver(frame: FeedFrame) {
      if (this.clients.length === 0) return;
      if (frame.rows.length > 0)
        this.broadcast(FEED_ROWS, { tab: "all", rows: rowsOf(frame.rows, false) } satisfies FeedRowsWire);
      for (const [userId, list] of frame.own) {
        const clients = this.players.get(userId);
        if (!clients) continue;
        const message = { tab: "mine", rows: rowsOf(list, true) } satisfies FeedRowsWire;
        for (const client of clients) client.send(FEED_ROWS, message);
      }
    }
  };
}

/** Opens the room visitors join (call once listening; one per process, kept while it runs). */
export async function openLiveFeedRoom(): Promise<void> {
  await matchMaker.createRoom(LIVE_FEED_ROOM, {});
}
