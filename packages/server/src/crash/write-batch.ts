/**
 * The round's writes in batches: the bets, cash-outs and losses that arrive while the previous
 * batch is being written go into one database transaction (the next frame window's batch), each
 * in its own savepoint, so one refused write (insufficient balance, a limit, a bet no longer open)
 * is rolled back alone and answered alone while its batch-mates commit. Each write runs the same
 * steps as a write of its own (bets.ts: the ledger postings, the responsible-gaming gate inside the
 * debit's transaction, one settlement per bet). The batch first checks the fence: the currency's
 * lease must still be at this host's epoch (no other process took the rounds over), else every
 * write in it is refused and nothing is written. A batch that fails as a whole (a database error) is written again one write
 * per transaction, so a bad write fails alone.
 */
import type { Currency } from "@casino/protocol";
import { CompiledQuery } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import { fetchFirst, type QueryBuilder, type Steps } from "../db/steps.ts";
import { isFailureValue, runSteps } from "../db/transaction.ts";
import type { RoundResult } from "../rounds/types.ts";
import { crashDb } from "./tables.ts";

/**
 * Most writes in one transaction: on SQLite a batch runs without yielding the event loop, so this
 * bounds the stall (about 0.1 ms per write); what arrives beyond it goes in the next batch.
 */
export const MAX_BATCH_WRITES = 48;

/** The refusal of every write of a batch whose round another host now owns. */
export const FENCED: RoundResult = {
  ok: false,
  code: "crash/starting",
  message: "Supernova moved to another server: try again in a few seconds",
};

/** One write waiting for its batch. */
interface Write {
  steps: (q: QueryBuilder) => Steps<RoundResult>;
  resolve: (result: RoundResult) => void;
  reject: (error: unknown) => void;
}

const SAVEPOINT = CompiledQuery.raw("savepoint crash_write");
const ROLLBACK_TO = CompiledQuery.raw("rollback to savepoint crash_write");
const RELEASE = CompiledQuery.raw("release savepoint crash_write");

/** Counts of what the batches wrote (the load test reports them). */
export interface BatchCounts {
  transactions: number;
  writes: number;
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

  constructor(handle: DatabaseHandle, host: { currency: Currency; epoch: number }, onFenced: () => void) {
    this.handle = handle;
    this.host = host;
    this.onFenced = onFenced;
  }

  /** Writes `steps` in the next batch; resolves with their result once that batch committed. */
  write(steps: (q: QueryBuilder) => Steps<RoundResult>): Promise<RoundResult> {
    return new Promise((resolve, reject) => {
      this.queued.push({ steps, resolve, reject });
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
      const batch = this.queued.splice(0, MAX_BATCH_WRITES);
      try {
        this.answer(batch, await runSteps(this.handle, (q) => this.batchSteps(q, batch)));
      } catch {
        await this.writeOneByOne(batch);
      }
      if (this.queued.length > 0) await new Promise((resolve) => setImmediate(resolve));
    }
    this.running = false;
  }

  /** Answers each write of a committed batch. */
  private answer(batch: Write[], results: RoundResult[]): void {
    this.counts.transactions++;
    this.counts.writes += batch.length;
    this.counts.largest = Math.max(this.counts.largest, batch.length);
    if (results[0] === FENCED) this.onFenced();
    for (const [i, write] of batch.entries()) write.resolve(results[i] as RoundResult);
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
  private *batchSteps(q: QueryBuilder, batch: Write[]): Steps<RoundResult[]> {
    if (!(yield* this.stillHosted(q))) return batch.map(() => FENCED);
    const results: RoundResult[] = [];
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
