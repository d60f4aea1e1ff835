/**
 * The bookkeeper's incremental check: the ledger entries written since the last checkpoint are
 * checked against the running sums (ledger/running-sums-tables.ts), all in one snapshot, so a run
 * reads the new entries and the balances table but never the whole ledger. It checks that each new
 * transaction sums to zero, that every balance equals its running sum plus its new entries, that no
 * guarded balance is negative and that each currency's balances sum to zero. Without a usable
 * checkpoint it rebuilds the sums from the whole ledger (the full check) instead.
 *
 * Entry ids order the ledger. On SQLite one writer commits at a time, so every id below the highest
 * visible one is visible. On PostgreSQL ids are drawn before commit: an id missing below the
 * highest visible one (a gap) may still commit later, so gaps are kept with the snapshot's xmax and
 * re-read each run until every transaction that could hold them has ended (a transaction inserts
 * its ledger_transactions row, and so takes its xid, before it draws entry ids).
 */
import type { Currency } from "@casino/protocol/money/money";
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { isSystemAccount } from "./accounts.ts";
import { scanLedgerInChunks } from "./chunked-scan.ts";
import {
  type EntryGap,
  findGaps,
  newEntryFilter,
  type SnapshotXids,
  snapshotXids,
  stillMissing,
} from "./entry-gaps.ts";
import {
  type AccountSum,
  addToTotals,
  conservationMismatches,
  emptyTotals,
  type InvariantMismatch,
  type InvariantReport,
  inSnapshot,
  scanLedger,
  selectAccountSums,
} from "./invariants.ts";
import { type BookkeeperStateTable, bookkeeperDb } from "./running-sums-tables.ts";

/** What a run did: checked the new entries, rebuilt the sums from the whole ledger, or found another process saving them. */
export type IncrementMode = "incremental" | "rebuild" | "wait";

/** One run's findings and the running sums to save with them. */
export interface LedgerIncrement {
  mode: IncrementMode;
  /** The checkpoint version read (null: none yet); the save is refused if it moved on. */
  baseVersion: number | null;
  fromEntryId: number;
  throughEntryId: number;
  gaps: EntryGap[];
  /** Incremental: the new entries' sum per account, to add. Rebuild: every account's sum, to replace. */
  sums: AccountSum[];
  /** The check (null when mode is "wait"); entriesChecked and transactionsChecked count this run's. */
  report: InvariantReport | null;
  /** Entries and transactions the running sums include after this run. */
  entriesCovered: number;
  transactionsCovered: number;
}

/** How to read an increment. */
export interface IncrementOptions {
  dialect: Dialect;
  /** The clock, epoch ms. */
  now: number;
  /** A "writing" checkpoint older than this is abandoned and rebuilt (default 60 s). */
  leaseMs?: number;
  /** SQLite: entries per read snapshot when the sums are rebuilt from the whole ledger. */
  chunkEntries?: number;
}

/** The checkpoint row's id. */
export const LEDGER_STATE_ID = "ledger";

/** SQLite: most new entries one incremental run reads in its snapshot. */
const MAX_SNAPSHOT_ENTRIES = 1_000_000;

/**
 * Reads and checks everything since the checkpoint in one snapshot (run it off the main connection
 * on SQLite). A rebuild on SQLite reads the whole ledger in short snapshots instead (chunked-scan.ts).
 */
export async function readLedgerIncrement(
  db: Kysely<Database>,
  options: IncrementOptions,
): Promise<LedgerIncrement> {
  const chunked = options.dialect === "sqlite";
  const found = await inSnapshot(db, (snapshot) => readInSnapshot(snapshot, options, !chunked));
  if (!("rebuildFrom" in found)) return found;
  const { report, sums, throughEntryId } = await scanLedgerInChunks(db, options.chunkEntries);
  return {
    mode: "rebuild",
    baseVersion: found.rebuildFrom,
    fromEntryId: 0,
    throughEntryId,
    gaps: [],
    sums: sums.map(({ accountId, currency, total }) => ({ accountId, currency, total })),
    report,
    entriesCovered: report.entriesChecked,
    transactionsCovered: report.transactionsChecked,
  };
}

async function readInSnapshot(
  db: Kysely<Database>,
  options: IncrementOptions,
  rebuildHere: boolean,
): Promise<LedgerIncrement | { rebuildFrom: number | null }> {
  // On PostgreSQL the first statement fixes the snapshot: its xmin and xmax date the gaps.
  const xids = options.dialect === "postgres" ? await snapshotXids(db) : undefined;
  const state = await bookkeeperDb(db)
    .selectFrom("bookkeeper_state")
    .selectAll()
    .where("id", "=", LEDGER_STATE_ID)
    .executeTakeFirst();
  const top = await db
    .selectFrom("ledger_entries")
    .select(sql<number | null>`max(id)`.as("id"))
    .executeTakeFirstOrThrow();
  const maxId = Number(top.id ?? 0);
  const leaseMs = options.leaseMs ?? 60_000;
  if (state?.status === "writing" && options.now - Number(state.updated_at) < leaseMs) {
    const through = Number(state.through_entry_id);
    return {
      mode: "wait",
      baseVersion: Number(state.version),
      fromEntryId: through,
      throughEntryId: through,
      gaps: [],
      sums: [],
      report: null,
      entriesCovered: Number(state.entries_checked),
      transactionsCovered: Number(state.transactions_checked),
    };
  }
  const backlog = maxId - Number(state?.through_entry_id ?? 0);
  // A backlog too long for one short snapshot (the bookkeeper was off a long while) is read as a rebuild, in chunks.
  const tooLong = !rebuildHere && backlog > MAX_SNAPSHOT_ENTRIES;
  if (state?.status !== "ready" || backlog < 0 || tooLong) {
    if (!rebuildHere) return { rebuildFrom: state ? Number(state.version) : null };
    return rebuild(db, state, maxId, xids);
  }
  return checkSince(db, state, maxId, xids);
}

/** The whole-ledger check, whose per-account sums become the new running sums. */
async function rebuild(
  db: Kysely<Database>,
  state: BookkeeperStateTable | undefined,
  maxId: number,
  xids: SnapshotXids | undefined,
): Promise<LedgerIncrement> {
  const { report, sums } = await scanLedger(db);
  return {
    mode: "rebuild",
    baseVersion: state ? Number(state.version) : null,
    fromEntryId: 0,
    throughEntryId: maxId,
    gaps: xids ? await findGaps(db, 0, maxId, xids.xmax) : [],
    sums: sums.map(({ accountId, currency, total }) => ({ accountId, currency, total })),
    report,
    entriesCovered: report.entriesChecked,
    transactionsCovered: report.transactionsChecked,
  };
}

/** Checks the entries after the checkpoint (and in its open gaps) against the running sums. */
async function checkSince(
  db: Kysely<Database>,
  state: BookkeeperStateTable,
  maxId: number,
  xids: SnapshotXids | undefined,
): Promise<LedgerIncrement> {
  const from = Number(state.through_entry_id);
  const oldGaps = JSON.parse(state.gaps) as EntryGap[];
  const filter = newEntryFilter(from, maxId, oldGaps);

  const deltas = await selectAccountSums(db).where(filter).execute();
  const txCount = await db
    .selectFrom("ledger_entries")
    .select(sql<number>`count(distinct tx_id)`.as("n"))
    .where(filter)
    .executeTakeFirstOrThrow();
  const unbalanced = await sql<{ tx_id: string; currency: Currency; total: number }>`
    select e.tx_id, e.currency, sum(e.delta) as total
    from ledger_entries e
    where e.tx_id in (
      select tx_id from ledger_entries where ${filter}
      group by tx_id, currency having sum(delta) <> 0
    )
    group by e.tx_id, e.currency
    having sum(e.delta) <> 0`.execute(db);
  const differing = await sql<{ account_id: string; currency: Currency; balance: number; expected: number }>`
    with n as (
      select account_id, currency, sum(delta) as total from ledger_entries where ${filter}
      group by account_id, currency
    )
    select b.account_id, b.currency, b.balance, coalesce(s.total, 0) + coalesce(n.total, 0) as expected
    from balances b
    left join bookkeeper_sums s on s.account_id = b.account_id and s.currency = b.currency
    left join n on n.account_id = b.account_id and n.currency = b.currency
    where b.balance <> coalesce(s.total, 0) + coalesce(n.total, 0)`.execute(db);
  const unbacked = await sql<{ account_id: string; currency: Currency; expected: number }>`
    with n as (
      select account_id, currency, sum(delta) as total from ledger_entries where ${filter}
      group by account_id, currency
    )
    select k.account_id, k.currency, sum(k.total) as expected
    from (
      select account_id, currency, total from bookkeeper_sums
      union all
      select account_id, currency, total from n
    ) k
    where not exists (
      select 1 from balances b where b.account_id = k.account_id and b.currency = k.currency
    )
    group by k.account_id, k.currency
    having sum(k.total) <> 0`.execute(db);
  const { totals, balancesChecked, negatives } = await readBalanceTotals(db);

  const mismatches: InvariantMismatch[] = [];
  for (const row of differing.rows) {
    mismatches.push({
      kind: "balance_vs_entries",
      accountId: row.account_id,
      currency: row.currency,
      balance: Number(row.balance),
      entriesSum: Number(row.expected),
    });
  }
  mismatches.push(...negatives);
  for (const row of unbacked.rows) {
    mismatches.push({
      kind: "balance_vs_entries",
      accountId: row.account_id,
      currency: row.currency,
      balance: 0,
      entriesSum: Number(row.expected),
    });
  }
  for (const row of unbalanced.rows) {
    mismatches.push({
      kind: "unbalanced_transaction",
      txId: row.tx_id,
      currency: row.currency,
      sum: Number(row.total),
    });
  }
  mismatches.push(...conservationMismatches(totals));

  const entriesChecked = deltas.reduce((n, row) => n + Number(row.entries), 0);
  const transactionsChecked = Number(txCount.n);
  const gaps = xids
    ? [...(await stillMissing(db, oldGaps, xids.xmin)), ...(await findGaps(db, from, maxId, xids.xmax))]
    : [];
  return {
    mode: "incremental",
    baseVersion: Number(state.version),
    fromEntryId: from,
    throughEntryId: Math.max(from, maxId),
    gaps,
    sums: deltas.map((row) => ({
      accountId: row.account_id,
      currency: row.currency,
      total: Number(row.total),
    })),
    report: {
      ok: mismatches.length === 0,
      balancesChecked,
      entriesChecked,
      transactionsChecked,
      mismatches,
      totals,
    },
    entriesCovered: Number(state.entries_checked) + entriesChecked,
    transactionsCovered: Number(state.transactions_checked) + transactionsChecked,
  };
}

/** Balance totals per currency and kind of account, how many balances there are, and the negative guarded ones. */
async function readBalanceTotals(db: Kysely<Database>) {
  const perCurrency = await db
    .selectFrom("balances")
    .select(["currency", sql<number>`count(*)`.as("n"), sql<number>`sum(balance)`.as("total")])
    .groupBy("currency")
    .execute();
  // System and escrow rows are few (the house shards, the outside world, a row per poker table):
  // they are read one by one and classified by accounts.ts; everything else is players' money.
  const special = await db
    .selectFrom("balances")
    .select(["account_id", "currency", "balance"])
    .where((eb) => eb.or([eb("account_id", "like", "system:%"), eb("account_id", "like", "escrow:%")]))
    .execute();
  const negative = await db
    .selectFrom("balances")
    .select(["account_id", "currency", "balance"])
    .where("balance", "<", 0)
    .execute();
  const totals = emptyTotals();
  let balancesChecked = 0;
  for (const row of perCurrency) {
    balancesChecked += Number(row.n);
    totals[row.currency].users += Number(row.total ?? 0);
    totals[row.currency].sum += Number(row.total ?? 0);
  }
  for (const row of special) {
    // Moves the row's balance from the players' total to its own kind of account.
    totals[row.currency].users -= Number(row.balance);
    totals[row.currency].sum -= Number(row.balance);
    addToTotals(totals, row.account_id, row.currency, Number(row.balance));
  }
  const negatives: InvariantMismatch[] = negative
    .filter((row) => !isSystemAccount(row.account_id))
    .map((row) => ({
      kind: "negative_balance",
      accountId: row.account_id,
      currency: row.currency,
      balance: Number(row.balance),
    }));
  return { totals, balancesChecked, negatives };
}
