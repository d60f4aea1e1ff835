/**
 * The whole-ledger check on SQLite in short read snapshots: the entries are summed by id range,
 * one snapshot per chunk, and only the last, short snapshot compares the sums with the balances.
 * Ledger entries are append-only and SQLite commits them in id order, so the sums of the chunks
 * are the sums of one snapshot; a reader that held one snapshot for the whole ledger would keep
 * the WAL from being checkpointed for as long (minutes at 10^7 entries, while bets keep writing).
 * A transaction cut by a chunk boundary shows up as unbalanced in both chunks and is summed again
 * whole at the end. Not for PostgreSQL, whose entry ids may commit out of order (use scanLedger).
 */
import type { Currency } from "@casino/protocol/money/money";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import {
  type CountedSum,
  compareLedger,
  countTransactions,
  type InvariantReport,
  inSnapshot,
  readBalances,
  selectAccountSums,
  selectUnbalancedParts,
  type UnbalancedTransaction,
} from "./invariants.ts";

/** Entries summed per snapshot unless told. */
export const DEFAULT_CHUNK_ENTRIES = 100_000;

/** The whole-ledger check, every account's entry sum, and the entry id they reach. */
export interface ChunkedScan {
  report: InvariantReport;
  sums: CountedSum[];
  throughEntryId: number;
}

/** Checks the whole ledger in snapshots of `chunkEntries` entries (SQLite). */
export async function scanLedgerInChunks(
  db: Kysely<Database>,
  chunkEntries = DEFAULT_CHUNK_ENTRIES,
): Promise<ChunkedScan> {
  const sums = new Map<string, CountedSum>();
  const suspects = new Set<string>();
  const top = await maxEntryId(db);
  for (let from = 0; from < top; from += chunkEntries) {
    const to = Math.min(from + chunkEntries, top);
    await inSnapshot(db, (snapshot) => addRange(snapshot, from, to, sums, suspects));
  }
  return inSnapshot(db, async (snapshot) => {
    const through = Math.max(top, await maxEntryId(snapshot));
    await addRange(snapshot, top, through, sums, suspects);
    const counted = [...sums.values()];
    const report = compareLedger({
      balances: await readBalances(snapshot),
      sums: counted,
      unbalanced: await sumWholeTransactions(snapshot, [...suspects]),
      transactions: await countTransactions(snapshot),
    });
    return { report, sums: counted, throughEntryId: through };
  });
}

/** The highest entry id visible. */
async function maxEntryId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("ledger_entries")
    .select(sql<number | null>`max(id)`.as("id"))
    .executeTakeFirstOrThrow();
  return Number(row.id ?? 0);
}

/** Adds the entries with ids in (from, to] to the sums; notes the transactions they leave unbalanced. */
async function addRange(
  db: Kysely<Database>,
  from: number,
  to: number,
  sums: Map<string, CountedSum>,
  suspects: Set<string>,
): Promise<void> {
  if (to <= from) return;
  const rows = await selectAccountSums(db).where("id", ">", from).where("id", "<=", to).execute();
  for (const row of rows) {
    const k = `${row.currency}\u0000${row.account_id}`;
    const sum = sums.get(k);
    if (sum) {
      sum.total += Number(row.total);
      sum.entries += Number(row.entries);
    } else {
      sums.set(k, {
        accountId: row.account_id,
        currency: row.currency,
        total: Number(row.total),
        entries: Number(row.entries),
      });
    }
  }
  const partial = await selectUnbalancedParts(db).where("id", ">", from).where("id", "<=", to).execute();
  for (const row of partial) suspects.add(row.tx_id);
}

/** The suspects whose entries, all of them, do not sum to zero. */
async function sumWholeTransactions(db: Kysely<Database>, txIds: string[]): Promise<UnbalancedTransaction[]> {
  const unbalanced: UnbalancedTransaction[] = [];
  for (let i = 0; i < txIds.length; i += 500) {
    const rows = await selectUnbalancedParts(db)
      .where("tx_id", "in", txIds.slice(i, i + 500))
      .execute();
    for (const row of rows)
      unbalanced.push({ txId: row.tx_id, currency: row.currency as Currency, sum: Number(row.total) });
  }
  return unbalanced;
}
