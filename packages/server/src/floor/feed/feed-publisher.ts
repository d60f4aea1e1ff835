/**
 * The publishing half of a process's feed. The betting path only appends a settled round's entry
 * (nothing awaited, nothing read); a flush checks the entries of rounds handed over inside a
 * caller's transaction against the database (only committed rounds go out: such a round waits for
 * that commit; a round whose own transaction committed before it was appended is not read again),
 * names them in place from the kept players (the database is read only for players not seen yet)
 * and publishes them as one batch to every process.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { FeedBus } from "./feed-bus.ts";
import { type FeedEntry, type HighRollerThresholds, isHighRoller } from "./feed-entry.ts";
import type { FloorPlayerCache } from "./floor-players.ts";
import { findCommittedRounds } from "./revealed-rounds.ts";

/** Most entries held when flushing cannot keep up (the oldest are dropped, never the bets). */
const MAX_PENDING = 20_000;

/** Flushes a handed-over round waits for its commit to become visible. */
const COMMIT_RETRIES = 20;

/** A process's pending entries and their flush. */
export interface FeedPublisher {
  /** Appends an unnamed entry (O(1)); `committed`: its round's commit is known (not checked again). */
  add(entry: FeedEntry | undefined, committed?: boolean): void;
  /** Publishes what is pending unless a flush is under way (then its promise). */
  flushOnce(): Promise<void>;
  /** Publishes everything pending, waiting out a flush under way. */
  flush(): Promise<void>;
}

/** What a publisher needs. */
export interface FeedPublisherOptions {
  db: Kysely<Database>;
  bus: FeedBus;
  players: FloorPlayerCache;
  thresholds: HighRollerThresholds;
  onError(error: unknown): void;
}

/** Creates the publisher of a process. */
export function createFeedPublisher(options: FeedPublisherOptions): FeedPublisher {
  const { db, bus, players, thresholds } = options;
  let pending: FeedEntry[] = [];
  let flushing: Promise<void> | undefined;
  const retries = new WeakMap<FeedEntry, number>();
  /** Entries whose round's commit is still to be seen. */
  const unconfirmed = new WeakSet<FeedEntry>();

  const add = (entry: FeedEntry | undefined, committed = false) => {
    if (!entry) return;
    if (entry.roundId && !committed) unconfirmed.add(entry);
    pending.push(entry);
    // Cut back by a quarter at once, so an overloaded flush costs O(1) per entry, not per append.
    if (pending.length > MAX_PENDING) pending = pending.slice(pending.length - (MAX_PENDING * 3) / 4);
  };

  /** A round whose commit is not visible yet waits a few flushes, then is dropped (rolled back). */
  const retryLater = (entry: FeedEntry) => {
    const tries = (retries.get(entry) ?? 0) + 1;
    if (tries > COMMIT_RETRIES) return;
    retries.set(entry, tries);
    add(entry);
  };

  const publishPending = async () => {
    const taken = pending;
    pending = [];
    const roundIds: string[] = [];
    for (const entry of taken) if (entry.roundId && unconfirmed.has(entry)) roundIds.push(entry.roundId);
    const committed = roundIds.length > 0 ? await findCommittedRounds(db, roundIds) : undefined;
    const batch: FeedEntry[] = [];
    for (const entry of taken) {
      if (!unconfirmed.has(entry)) batch.push(entry);
      else if (entry.roundId && committed?.has(entry.roundId)) {
        unconfirmed.delete(entry);
        batch.push(entry);
      } else retryLater(entry);
    }
    const names = await players.find(batch.map((entry) => entry.userId));
    for (const entry of batch) {
      const player = names.get(entry.userId);
      entry.player = player?.username ?? "cosmic_unknown";
      entry.hidden = player?.hidden ?? false;
      entry.high = isHighRoller(entry, thresholds);
    }
    if (batch.length > 0) bus.publish({ entries: batch });
  };

  const flushOnce = (): Promise<void> => {
    if (flushing || pending.length === 0) return flushing ?? Promise.resolve();
    flushing = publishPending()
      .catch(options.onError)
      .finally(() => {
        flushing = undefined;
      });
    return flushing;
  };

  return {
    add,
    flushOnce,
    async flush() {
      while (flushing) await flushing;
      await flushOnce();
    },
  };
}
