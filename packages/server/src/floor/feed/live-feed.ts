/**
 * The live bets feed of one process. The betting path only appends a settled round (feed-publisher.ts
 * publishes it to every process after its commit, named). Each process keeps the last rows per tab
 * (feed-store.ts) for REST and the join snapshot, and gathers what it hears into frames
 * (feed-window.ts) that its rooms send to the viewers on a clock-aligned cadence (feed-cadence.ts).
 */
import {
  type Currency,
  coins,
  FEED_TAB_SIZE,
  type FeedRow,
  type FeedTab,
  type TableEvent,
} from "@casino/protocol";
import type { TableCore } from "../../poker/table-core.ts";
import type { RoundRecord } from "../../rounds/types.ts";
import type { CasinoServices } from "../../services.ts";
import { createLocalFeedBus, type FeedBatch, type FeedBus } from "./feed-bus.ts";
import {
  FEED_CROWD_FRAME_MS,
  FEED_FLUSH_MS,
  FEED_FRAME_MS,
  FEED_MERGE_MS,
  frameIntervalOf,
  isFrameDue,
  runOnGrid,
  stretchedIntervalOf,
} from "./feed-cadence.ts";
import {
  type HighRollerThresholds,
  pendingEntriesOfPots,
  pendingEntryOfRound,
  toFeedRow,
} from "./feed-entry.ts";
import { createFeedPublisher } from "./feed-publisher.ts";
import { createFeedStore } from "./feed-store.ts";
import { createFeedWindow, type FeedFrame } from "./feed-window.ts";
import { createFloorPlayerCache } from "./floor-players.ts";
import { createLoopUtilizationMeter } from "./loop-utilization.ts";
import { createLocalOnline, type OnlineCounter } from "./online.ts";
import { isHiddenFromFloor, setHiddenFromFloor } from "./privacy.ts";
import { findRevealedRounds } from "./revealed-rounds.ts";

/** Default high-roller thresholds: 100 HC (the HC bet cap) or 0.5 AMINA, staked or paid. */
export const DEFAULT_HIGH_ROLLER: HighRollerThresholds = { HC: coins(100), AMINA: coins(0.5) };

/** How long a read tab is reused while no new batch arrived (seeds revealed since show after this). */
const READ_CACHE_MS = 1_000;

/** What a cluster shares instead of this process's memory. */
export interface SharedFeed {
  bus: FeedBus;
  online: OnlineCounter;
}

/** How a feed is built. */
export interface LiveFeedOptions {
  shared?: SharedFeed | undefined;
  /** How often pending rounds are published (FEED_FLUSH_MS). */
  flushMs?: number;
  /** The frame interval while few watch (FEED_FRAME_MS, a multiple of the flush interval). */
  frameMs?: number;
  /** The frame interval with a crowd watching (FEED_CROWD_FRAME_MS). */
  crowdFrameMs?: number;
  thresholds?: Partial<HighRollerThresholds>;
}

/** Hears every frame for this process's viewers. */
export type FrameListener = (frame: FeedFrame) => void;

/** The feed of one process. */
export interface LiveFeed {
  /**
   * The betting path's only call: appends, nothing else. `committed`: the round's own transaction
   * has committed; a round stored inside a caller's transaction is checked for its commit when flushed.
   */
  recordRound(round: RoundRecord, committed: boolean): void;
  /** A poker table's change: the pots of a hand that ended (after it was stored). */
  recordPokerEvents(table: TableCore, events: readonly TableEvent[]): void;
  /** A tab's rows, newest first, with the verify fields of revealed rounds. */
  read(tab: FeedTab, userId?: string): Promise<FeedRow[]>;
  /** Listens to the frames for the viewers here (one per frame interval while anything arrived). */
  subscribe(listener: FrameListener): () => void;
  /** A feed room's viewer joined (signed in as `userId`, or a visitor): their own rows are kept. */
  viewerJoined(userId: string | undefined): void;
  /** A feed room's viewer left. */
  viewerLeft(userId: string | undefined): void;
  /** The players online (cluster-wide when scaled out). */
  online: OnlineCounter;
  /** Listens to the online count. */
  onOnline(listener: (online: number) => void): () => void;
  isHidden(userId: string): Promise<boolean>;
  /** Stores the player's privacy and applies it to the rows every process keeps. */
  setHidden(userId: string, hidden: boolean): Promise<void>;
  /** Tells every process that the player's play state changed (floor/play-state). */
  notifyPlayer(userId: string): void;
  /** Listens to players whose play state changed, anywhere in the cluster. */
  onPlayer(listener: (userId: string) => void): () => void;
  /** Whether an entry goes to High rollers. */
  thresholds: HighRollerThresholds;
  start(): Promise<void>;
  /** Publishes what is pending now (tests and shutdown). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/** Builds the feed of a process (alone, or over the cluster's bus and online set). */
export function createLiveFeed(services: CasinoServices, options: LiveFeedOptions = {}): LiveFeed {
  const { db } = services.handle;
  const bus = options.shared?.bus ?? createLocalFeedBus();
  const online = options.shared?.online ?? createLocalOnline();
  const thresholds = { ...DEFAULT_HIGH_ROLLER, ...options.thresholds };
  const flushMs = options.flushMs ?? FEED_FLUSH_MS;
  const frameMs = options.frameMs ?? FEED_FRAME_MS;
  const crowdFrameMs = options.crowdFrameMs ?? FEED_CROWD_FRAME_MS;
  const players = createFloorPlayerCache(db);
  const publisher = createFeedPublisher({
    db,
    bus,
    players,
    thresholds,
    onError: (error) => services.log.warn({ err: error }, "live feed flush failed"),
  });
  let viewers = 0;
  /** Signed-in viewers here, by user: their own rows go into every frame. */
  const watching = new Map<string, number>();
  const store = createFeedStore(FEED_TAB_SIZE);
  const frames = createFeedWindow((userId) => watching.has(userId));
  const listeners = new Set<FrameListener>();
  const onlineListeners = new Set<(online: number) => void>();
  const playerListeners = new Set<(userId: string) => void>();
  const cache = new Map<string, { at: number; rows: Promise<FeedRow[]> }>();
  let stopTimers: (() => void)[] = [];
  /** Rows heard since the last frame tick, and when that was: the pace that sets the next interval. */
  let heard = 0;
  let heardSince = Date.now();
  /**
   * Settlement time of the newest row heard, taken as no earlier than one flush before it was heard
   * (another process's clock may run behind this one's: it must not make rows look paused).
   */
  let newestHeardAt = 0;
  let frameInterval = frameIntervalOf(0, frameMs, crowdFrameMs, flushMs);
  const loopUtilization = createLoopUtilizationMeter();

  const deliver = (batch: FeedBatch) => {
    cache.clear();
    for (const change of batch.privacy ?? []) {
      store.setHidden(change.userId, change.hidden);
      players.setHidden(change.userId, change.hidden);
    }
    for (const userId of batch.players ?? []) for (const listener of playerListeners) listener(userId);
    if (batch.entries.length === 0) return;
    store.add(batch.entries);
    heard += batch.entries.length;
    newestHeardAt = Math.max(newestHeardAt, Date.now() - flushMs);
    for (const entry of batch.entries) if (entry.at > newestHeardAt) newestHeardAt = entry.at;
    if (viewers > 0) frames.add(batch.entries);
  };

  const sendFrame = () => {
    const frame = frames.take();
    if (!frame) return;
    for (const listener of listeners) {
      try {
        listener(frame);
      } catch (error) {
        services.log.error({ err: error }, "live feed listener failed");
      }
    }
  };

  const readRows = async (tab: FeedTab, userId: string | undefined): Promise<FeedRow[]> => {
    const entries = store.read(tab, userId);
    const roundIds = entries.flatMap((entry) => (entry.roundId ? [entry.roundId] : []));
    const revealed = await findRevealedRounds(db, roundIds);
    return entries.map((entry) =>
      toFeedRow(entry, entry.roundId ? revealed.get(entry.roundId) : undefined, tab === "mine"),
    );
  };

  return {
    recordRound: (round, committed) => publisher.add(pendingEntryOfRound(round), committed),
    recordPokerEvents(table, events) {
      if (!events.some((event) => event.type === "hand_ended")) return;
      const hand = table.state.hand;
      const reveal = table.lastReveal;
      for (const entry of pendingEntriesOfPots(events, {
        currency: table.info.currency as Currency,
        unitsPerChip: table.info.unitsPerChip,
        handId: reveal && reveal.handNumber === hand?.handNumber ? reveal.handId : undefined,
        at: services.now(),
        userOfSeat: (seat) => table.meta[seat]?.userId ?? undefined,
        committedOf: (seat) => hand?.players.find((p) => p.seat === seat)?.committed ?? 0,
      }))
        publisher.add(entry);
    },
    read(tab, userId) {
      if (tab === "mine") return readRows(tab, userId);
      const cached = cache.get(tab);
      if (cached && services.now() - cached.at < READ_CACHE_MS) return cached.rows;
      const rows = readRows(tab, undefined);
      cache.set(tab, { at: services.now(), rows });
      rows.catch(() => cache.delete(tab));
      return rows;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    viewerJoined(userId) {
      viewers++;
      if (userId) watching.set(userId, (watching.get(userId) ?? 0) + 1);
    },
    viewerLeft(userId) {
      viewers = Math.max(0, viewers - 1);
      if (viewers === 0) frames.clear();
      const left = userId ? (watching.get(userId) ?? 0) - 1 : 0;
      if (userId && left > 0) watching.set(userId, left);
      else if (userId) watching.delete(userId);
    },
    online,
    onOnline(listener) {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
    isHidden: (userId) => isHiddenFromFloor(db, userId),
    async setHidden(userId, hidden) {
      await setHiddenFromFloor(db, userId, hidden, services.now());
      bus.publish({ entries: [], privacy: [{ userId, hidden }] });
    },
    notifyPlayer: (userId) => bus.publish({ entries: [], players: [userId] }),
    onPlayer(listener) {
      playerListeners.add(listener);
      return () => playerListeners.delete(listener);
    },
    thresholds,
    async start() {
      await bus.start(deliver);
      online.start((count) => {
        for (const listener of onlineListeners) listener(count);
      });
      const mergeMs = options.shared ? FEED_MERGE_MS : 0;
      const frameAfter = (flushed: Promise<void>) =>
        flushed.then(() => {
          if (mergeMs === 0) return sendFrame();
          setTimeout(sendFrame, mergeMs).unref();
        });
      stopTimers = [
        runOnGrid(
          (tick) => {
            const flushed = publisher.flushOnce();
            const interval = frameIntervalOf(viewers, frameMs, crowdFrameMs, flushMs);
            const clock = {
              frameInterval,
              baseInterval: interval,
              pendingRows: heard,
              newestRowAt: newestHeardAt,
            };
            if (!isFrameDue(tick, clock)) return;
            const rowsPerSecond = (heard * 1000) / Math.max(flushMs, tick - heardSince);
            heard = 0;
            heardSince = tick;
            frameInterval = stretchedIntervalOf(interval, { rowsPerSecond, utilization: loopUtilization() });
            void frameAfter(flushed);
          },
          () => flushMs,
        ),
      ];
    },
    flush: () => publisher.flush(),
    async stop() {
      for (const stop of stopTimers) stop();
      await publisher.flush();
      sendFrame();
      await online.stop();
      await bus.stop();
    },
  };
}
