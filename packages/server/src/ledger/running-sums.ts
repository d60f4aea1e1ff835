/**
 * Saves a bookkeeper run's running sums and checkpoint on the main connection, in small
 * transactions that never hold the writer for long. A small increment is one transaction; a rebuild
 * or a large increment marks the checkpoint "writing", saves the sums in chunks, then marks it ready
 * (a run that finds it "writing" and abandoned rebuilds). Every step compares the checkpoint's
 * version, so when several processes check the same ledger only the first save counts.
 */
import { setTimeout as sleep, setImmediate as yieldToLoop } from "node:timers/promises";
import type { Kysely } from "kysely";
import { isDatabaseBusy } from "../db/busy.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { runInTransaction as runOnce } from "../db/transaction.ts";
import { LEDGER_STATE_ID, type LedgerIncrement } from "./increment.ts";
import type { AccountSum } from "./invariants.ts";
import { bookkeeperDb } from "./running-sums-tables.ts";

/** Saved; refused because the checkpoint moved on (another process saved first); or nothing to save. */
export type SaveOutcome = "saved" | "stale" | "skipped";

/** Rows per save transaction. */
const CHUNK_ROWS = 100;
/** Rows per insert statement. */
const ROWS_PER_STATEMENT = 50;

/** How often a save step is tried while the database is busy (its lock waits are kept short). */
const BUSY_ATTEMPTS = 20;

/** Runs one save step in a transaction, trying again a little later while the database is busy. */
async function runInTransaction<T>(
  handle: DatabaseHandle,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(handle, fn);
    } catch (error) {
      if (!isDatabaseBusy(error) || attempt >= BUSY_ATTEMPTS) throw error;
      await sleep(Math.min(200, 10 * attempt));
    }
  }
}

/** Saves a run's sums and moves the checkpoint to its end; `now` is the clock (epoch ms) the lease is kept with. */
export async function saveLedgerIncrement(
  handle: DatabaseHandle,
  increment: LedgerIncrement,
  now: () => number,
): Promise<SaveOutcome> {
  if (increment.mode === "wait") return "skipped";
  const base = increment.baseVersion;
  if (increment.mode === "incremental" && base !== null && increment.sums.length <= CHUNK_ROWS) {
    const saved = await runInTransaction(handle, async (trx) => {
      const moved = await bookkeeperDb(trx)
        .updateTable("bookkeeper_state")
        .set(checkpointColumns(increment, base + 1, now()))
        .where("id", "=", LEDGER_STATE_ID)
        .where("version", "=", base)
        .where("status", "=", "ready")
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return { ok: false as const };
      await writeSums(trx, increment.sums, "add", base + 1);
      return { ok: true as const };
    });
    return saved.ok ? "saved" : "stale";
  }

  const claimed = await claim(handle, base, now());
  if (claimed === null) return "stale";
  const mode = increment.mode === "rebuild" ? "replace" : "add";
  for (let i = 0; i < increment.sums.length; i += CHUNK_ROWS) {
    await yieldToLoop();
    const chunk = increment.sums.slice(i, i + CHUNK_ROWS);
    const written = await runInTransaction(handle, async (trx) => {
      if (!(await stillWriting(trx, claimed, now()))) return { ok: false as const };
      await writeSums(trx, chunk, mode, claimed);
      return { ok: true as const };
    });
    if (!written.ok) return "stale";
  }
  await yieldToLoop();
  const finished = await runInTransaction(handle, async (trx) => {
    const done = await bookkeeperDb(trx)
      .updateTable("bookkeeper_state")
      .set({ ...checkpointColumns(increment, claimed + 1, now()), status: "ready" })
      .where("id", "=", LEDGER_STATE_ID)
      .where("version", "=", claimed)
      .where("status", "=", "writing")
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return { ok: false as const };
    // Accounts a rebuild found no entries for keep no running sum.
    if (mode === "replace")
      await bookkeeperDb(trx).deleteFrom("bookkeeper_sums").where("generation", "<>", claimed).execute();
    return { ok: true as const };
  });
  return finished.ok ? "saved" : "stale";
}

/** The checkpoint columns a save sets. */
function checkpointColumns(increment: LedgerIncrement, version: number, now: number) {
  return {
    version,
    through_entry_id: increment.throughEntryId,
    gaps: JSON.stringify(increment.gaps),
    entries_checked: increment.entriesCovered,
    transactions_checked: increment.transactionsCovered,
    updated_at: now,
  };
}

/** Marks the checkpoint "writing" from version `base` (creating it when null); the claimed version, or null if it moved on. */
async function claim(handle: DatabaseHandle, base: number | null, now: number): Promise<number | null> {
  return runInTransaction(handle, async (trx) => {
    const bk = bookkeeperDb(trx);
    if (base === null) {
      const inserted = await bk
        .insertInto("bookkeeper_state")
        .values({
          id: LEDGER_STATE_ID,
          status: "writing",
          version: 1,
          through_entry_id: 0,
          gaps: "[]",
          entries_checked: 0,
          transactions_checked: 0,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1 ? 1 : null;
    }
    const moved = await bk
      .updateTable("bookkeeper_state")
      .set({ status: "writing", version: base + 1, updated_at: now })
      .where("id", "=", LEDGER_STATE_ID)
      .where("version", "=", base)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1 ? base + 1 : null;
  });
}

/** Renews the "writing" mark of version `claimed`; false when another process took the checkpoint over. */
async function stillWriting(trx: Kysely<Database>, claimed: number, now: number): Promise<boolean> {
  const renewed = await bookkeeperDb(trx)
    .updateTable("bookkeeper_state")
    .set({ updated_at: now })
    .where("id", "=", LEDGER_STATE_ID)
    .where("version", "=", claimed)
    .where("status", "=", "writing")
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1;
}

/** Adds deltas to the running sums, or replaces them (a rebuild, marking the rows with its version). */
async function writeSums(
  trx: Kysely<Database>,
  sums: readonly AccountSum[],
  mode: "add" | "replace",
  generation: number,
): Promise<void> {
  for (let i = 0; i < sums.length; i += ROWS_PER_STATEMENT) {
    const rows = sums.slice(i, i + ROWS_PER_STATEMENT).map((s) => ({
      account_id: s.accountId,
      currency: s.currency,
      total: s.total,
      generation,
    }));
    await bookkeeperDb(trx)
      .insertInto("bookkeeper_sums")
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(["account_id", "currency"])
          .doUpdateSet((eb) =>
            mode === "add"
              ? { total: eb("bookkeeper_sums.total", "+", eb.ref("excluded.total")) }
              : { total: eb.ref("excluded.total"), generation: eb.ref("excluded.generation") },
          ),
      )
      .execute();
  }
}
