/**
 * The live bets feed of one process. The betting path only appends a settled round to a list after
 * its commit (nothing awaited, nothing read); every `flushMs` the list is checked against the
 * database (only committed rounds go out: a round handed over inside a caller's transaction waits
 * for that commit), turned into entries (the players' names and privacy, read once and then kept
 * in memory) and published as one batch to every process (feed-bus.ts).
 * Each process keeps the last rows per tab (feed-store.ts) and hands each batch to its rooms.
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
  type FeedEntry,
  type HighRollerThresholds,
  isHighRoller,
  type PendingEntry,
  pendingEntriesOfPots,
  pendingEntryOfRound,
  toFeedRow,
} from "./feed-entry.ts";
import { createFeedStore } from "./feed-store.ts";
import { createFloorPlayerCache } from "./floor-players.ts";
import { createLocalOnline, type OnlineCounter } from "./online.ts";
import { isHiddenFromFloor, setHiddenFromFloor } from "./privacy.ts";
import { findCommittedRounds, findRevealedRounds } from "./revealed-rounds.ts";

/** Default high-roller thresholds: 100 HC (the HC bet cap) or 0.5 AMINA, staked or paid. */
export const DEFAULT_HIGH_ROLLER: HighRollerThresholds = { HC: coins(100), AMINA: coins(0.5) };

/** How often pending rounds are published (one batch per flush) while few watch. */
export const FEED_FLUSH_MS = 100;

/** The flush interval with a crowd watching: every flush is one send per viewer, so fewer flushes. */
export const FEED_CROWD_FLUSH_MS = 160;

/** Viewers up to which batches go out every FEED_FLUSH_MS; the interval grows to the crowd's by 1,000. */
const FEW_VIEWERS = 100;
const CROWD_VIEWERS = 1_000;

/** The flush interval for this many viewers here: `baseMs` for a few, up to `crowdMs` for a crowd. */
export function flushIntervalOf(
  viewers: number,
  baseMs = FEED_FLUSH_MS,
  crowdMs = FEED_CROWD_FLUSH_MS,
): number {
  const crowd = Math.max(baseMs, crowdMs);
  const share = Math.min(1, Math.max(0, (viewers - FEW_VIEWERS) / (CROWD_VIEWERS - FEW_VIEWERS)));
  return Math.round(baseMs + share * (crowd - baseMs));
}

/** How long a read tab is reused while no new batch arrived (seeds revealed since show after this). */
const READ_CACHE_MS = 1_000;

/** Most pending rounds held when flushing cannot keep up (the oldest are dropped, never the bets). */
const MAX_PENDING = 20_000;

/** Flushes a handed-over round waits for its commit to become visible. */
const COMMIT_RETRIES = 20;

/** What a cluster shares instead of this process's memory. */
export interface SharedFeed {
  bus: FeedBus;
  online: OnlineCounter;
}

/** How a feed is built. */
export interface LiveFeedOptions {
  shared?: SharedFeed | undefined;
  /** The flush interval while few watch (FEED_FLUSH_MS). */
  flushMs?: number;
  /** The flush interval with a crowd watching (FEED_CROWD_FLUSH_MS). */
  crowdFlushMs?: number;
  thresholds?: Partial<HighRollerThresholds>;
}

/** Hears every batch delivered to this process (rows oldest first). */
export type FeedListener = (entries: readonly FeedEntry[]) => void;

/** The feed of one process. */
export interface LiveFeed {
  /** The betting path's only call, after the round's commit: appends, nothing else. */
  recordRound(round: RoundRecord): void;
  /** A poker table's change: the pots of a hand that ended (after it was stored). */
  recordPokerEvents(table: TableCore, events: readonly TableEvent[]): void;
  /** A tab's rows, newest first, with the verify fields of revealed rounds. */
  read(tab: FeedTab, userId?: string): Promise<FeedRow[]>;
  /** Listens to the batches delivered here. */
  subscribe(listener: FeedListener): () => void;
  /** A feed room's viewer joined (+1) or left (-1): a crowd is flushed to less often. */
  countViewers(change: number): void;
  /** The players online (cluster-wide when scaled out). */
  online: OnlineCounter;
  /** Listens to the online count. */
  onOnline(listener: (online: number) => void): () => void;
  isHidden(userId: string): Promise<boolean>;
  /** Stores the player's privacy and applies it to the rows every process keeps. */
  setHidden(userId: string, hidden: boolean): Promise<void>;
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
  const crowdFlushMs = options.crowdFlushMs ?? FEED_CROWD_FLUSH_MS;
  const players = createFloorPlayerCache(db);
  let viewers = 0;
  const store = createFeedStore(FEED_TAB_SIZE);
  const listeners = new Set<FeedListener>();
  const onlineListeners = new Set<(online: number) => void>();
  const cache = new Map<string, { at: number; rows: Promise<FeedRow[]> }>();
  let pending: PendingEntry[] = [];
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const retries = new WeakMap<PendingEntry, number>();
  /** A round whose commit is not visible yet waits a few flushes, then is dropped (rolled back). */
  const retryLater = (entry: PendingEntry) => {
    const tries = (retries.get(entry) ?? 0) + 1;
    if (tries > COMMIT_RETRIES) return;
    retries.set(entry, tries);
    pending.push(entry);
  };

  const add = (entry: PendingEntry | undefined) => {
    if (!entry) return;
    pending.push(entry);
    if (pending.length > MAX_PENDING) pending.splice(0, pending.length - MAX_PENDING);
  };

  const publishPending = async () => {
    const taken = pending;
    pending = [];
    const committed = await findCommittedRounds(
      db,
      taken.flatMap((entry) => (entry.roundId ? [entry.roundId] : [])),
    );
    const batch: PendingEntry[] = [];
    for (const entry of taken) {
      if (!entry.roundId || committed.has(entry.roundId)) batch.push(entry);
      else retryLater(entry);
    }
    const names = await players.find(batch.map((entry) => entry.userId));
    const entries: FeedEntry[] = batch.map((entry) => {
      const player = names.get(entry.userId);
      return {
        ...entry,
        player: player?.username ?? "cosmic_unknown",
        hidden: player?.hidden ?? false,
        high: isHighRoller(entry, thresholds),
      };
    });
    bus.publish({ entries });
  };

  const flushOnce = (): Promise<void> => {
    if (flushing || pending.length === 0) return flushing ?? Promise.resolve();
    flushing = publishPending()
      .catch((error) => services.log.warn({ err: error }, "live feed flush failed"))
      .finally(() => {
        flushing = undefined;
      });
    return flushing;
  };

  /** Publishes everything pending, waiting out a flush under way. */
  const flush = async (): Promise<void> => {
    while (flushing) await flushing;
    await flushOnce();
  };

  const deliver = (batch: FeedBatch) => {
    cache.clear();
    for (const change of batch.privacy ?? []) {
      store.setHidden(change.userId, change.hidden);
      players.setHidden(change.userId, change.hidden);
    }
    if (batch.entries.length === 0) return;
    store.add(batch.entries);
    for (const listener of listeners) {
      try {
        listener(batch.entries);
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
    recordRound: (round) => add(pendingEntryOfRound(round)),
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
        add(entry);
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
    countViewers(change) {
      viewers = Math.max(0, viewers + change);
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
    thresholds,
    async start() {
      await bus.start(deliver);
      online.start((count) => {
        for (const listener of onlineListeners) listener(count);
      });
      const tick = () => {
        void flushOnce();
        timer = setTimeout(tick, flushIntervalOf(viewers, flushMs, crowdFlushMs));
        timer.unref();
      };
      timer = setTimeout(tick, flushMs);
      timer.unref();
    },
    flush,
    async stop() {
      clearTimeout(timer);
      await flush();
      await online.stop();
      await bus.stop();
    },
  };
}
