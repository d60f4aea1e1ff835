/**
 * The round's writes in batches: the bets, cash-outs and losses that arrive while the previous
 * batch is being written go into one database transaction (the next frame window's batch), each
 * in its own savepoint, so one refused write (insufficient balance, a limit, a bet no longer open)
 * is rolled back alone and answered alone while its batch-mates commit. Each write runs the same
 * steps as a write of its own (bets.ts: the ledger postings, the responsible-gaming gate inside the
 * debit's transaction, one settlement per bet, the losses at the crash in bulk statements). The
 * batch first checks the fence: the currency's lease must still be at this host's epoch (no other
 * process took the rounds over), else every write in it is refused and nothing is written. A batch
 * that fails as a whole (a database error) is written again one write per transaction, so a bad
 * write fails alone. Batches are answered as soon as they commit, and kept smaller while a flight
 * is on (`limit`), where every cash-out waits for the batch written before it.
 */
import type { Currency } from "@casino/protocol";
import { CompiledQuery } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import { fetchFirst, type QueryBuilder, type Steps } from "../db/steps.ts";
import { isFailureValue, runSteps } from "../db/transaction.ts";
import type { RoundFailure } from "../rounds/types.ts";
import { crashDb } from "./tables.ts";

/**
 * Most writes in one transaction (a bulk write counts its rows): on SQLite a batch runs without
 * yielding the event loop, so this bounds the stall (about 0.1-0.4 ms per write); what arrives
 * beyond it goes in the next batch.
 */
export const MAX_BATCH_WRITES = 48;

/** The bound while a flight is on: a cash-out arriving waits for at most this batch before its own. */
export const FLIGHT_BATCH_WRITES = 12;

/** The refusal of every write of a batch whose round another host now owns. */
export const FENCED: RoundFailure = {
  ok: false,
  code: "crash/starting",
  message: "Supernova moved to another server: try again in a few seconds",
};

/** What a write answers: a failure (rolled back alone) or its success. */
type WriteResult = { ok: boolean };

/** One write waiting for its batch; `weight` counts the rows of a bulk write. */
interface Write {
  steps: (q: QueryBuilder) => Steps<WriteResult>;
  weight: number;
  resolve: (result: WriteResult) => void;
  reject: (error: unknown) => void;
}

const SAVEPOINT = CompiledQuery.raw("savepoint crash_write");
const ROLLBACK_TO = CompiledQuery.raw("rollback to savepoint crash_write");
const RELEASE = CompiledQuery.raw("release savepoint crash_write");

/** Counts of what the batches wrote (the load test reports them). */
export interface BatchCounts {
  transactions: number;
  /** Writes, a bulk write counting its rows. */
  writes: number;
  /** The largest batch, counted the same way. */
  largest: number;
}

/** The batched writes of one currency's rounds, fenced by the host's lease epoch. */
export class CrashWriteBatch {
  readonly counts: BatchCounts = { transactions: 0, writes: 0, largest: 0 };
  private queued: Write[] = [];
  private running = false;
  private readonly handle: DatabaseHandle;
  private readonly host: { currency: Currency; epoch: number };
  private readonly onFenced: () => void;

  private readonly limit: () => number;

  /** `limit` gives the most writes the next batch may hold (MAX_BATCH_WRITES when not given). */
  constructor(
    handle: DatabaseHandle,
    host: { currency: Currency; epoch: number },
    onFenced: () => void,
    limit: () => number = () => MAX_BATCH_WRITES,
  ) {
    this.handle = handle;
    this.host = host;
    this.onFenced = onFenced;
    this.limit = limit;
  }

  /**
   * Writes `steps` (`weight` rows: a bulk write counts each) in the next batch; resolves with their
   * result once that batch committed, or FENCED.
   */
  write<T extends WriteResult>(steps: (q: QueryBuilder) => Steps<T>, weight = 1): Promise<T | RoundFailure> {
    return new Promise((resolve, reject) => {
      this.queued.push({
        steps,
        weight,
        resolve: resolve as (result: WriteResult) => void,
        reject,
      });
      if (this.running) return;
      this.running = true;
      // Writes that arrive in this turn of the event loop join the first batch.
      setImmediate(() => void this.drain());
    });
  }

  /**
   * Writes batch after batch until nothing waits, yielding the event loop between batches: on
   * SQLite a batch runs synchronously, and requests (a cash-out takes its multiplier on arrival)
   * and answers must not wait behind a whole burst of batches.
   */
  private async drain(): Promise<void> {
    while (this.queued.length > 0) {
      const batch = this.queued.splice(0, this.batchLength());
      try {
        this.answer(batch, await runSteps(this.handle, (q) => this.batchSteps(q, batch)));
      } catch {
        await this.writeOneByOne(batch);
      }
      if (this.queued.length > 0) await new Promise((resolve) => setImmediate(resolve));
    }
    this.running = false;
  }

  /** How many queued writes the next batch takes: at least one, at most `limit` rows in all. */
  private batchLength(): number {
    const limit = this.limit();
    let rows = 0;
    let length = 0;
    for (const write of this.queued) {
      rows += write.weight;
      if (length > 0 && rows > limit) break;
      length++;
    }
    return length;
  }

  /** Answers each write of a committed batch. */
  private answer(batch: Write[], results: WriteResult[]): void {
    this.counts.transactions++;
    const rows = batch.reduce((sum, write) => sum + write.weight, 0);
    this.counts.writes += rows;
    this.counts.largest = Math.max(this.counts.largest, rows);
    if (results[0] === FENCED) this.onFenced();
    for (const [i, write] of batch.entries()) write.resolve(results[i] as WriteResult);
  }

  /** After a failed batch: each write in a transaction of its own, failing alone. */
  private async writeOneByOne(batch: Write[]): Promise<void> {
    for (const write of batch) {
      try {
        this.answer([write], await runSteps(this.handle, (q) => this.batchSteps(q, [write])));
      } catch (error) {
        write.reject(error);
      }
    }
  }

  /** One transaction: the fence, then each write in its own savepoint. */
  private *batchSteps(q: QueryBuilder, batch: Write[]): Steps<WriteResult[]> {
    if (!(yield* this.stillHosted(q))) return batch.map(() => FENCED);
    const results: WriteResult[] = [];
    for (const write of batch) {
      yield SAVEPOINT;
      const result = yield* write.steps(q);
      if (isFailureValue(result)) yield ROLLBACK_TO;
      yield RELEASE;
      results.push(result);
    }
    return results;
  }

  /** Whether the currency's lease is still at this host's epoch (no newer host took the rounds over). */
  private *stillHosted(q: QueryBuilder): Steps<boolean> {
    const row = yield* fetchFirst(
      crashDb(q).selectFrom("crash_chains").select("lease_epoch").where("currency", "=", this.host.currency),
    );
    return row !== undefined && Number(row.lease_epoch) === this.host.epoch;
  }
}
