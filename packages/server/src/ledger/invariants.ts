/**
 * The bookkeeper's check: every balance equals the sum of its ledger entries, every ledger
 * transaction sums to zero, no guarded account is negative, and money is conserved
 * (users + house + escrow = -external, so all balances sum to zero per currency).
 */
import { CURRENCIES, type Currency } from "@casino/protocol/money/money";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { isEscrowAccount, isHouseAccount, isSystemAccount } from "./accounts.ts";

/** One broken invariant, precise enough to find the rows behind it. */
export type InvariantMismatch =
  | { kind: "balance_vs_entries"; accountId: string; currency: Currency; balance: number; entriesSum: number }
  | { kind: "unbalanced_transaction"; txId: string; currency: Currency; sum: number }
  | { kind: "negative_balance"; accountId: string; currency: Currency; balance: number }
  | { kind: "not_conserved"; currency: Currency; sum: number };

/** Per-currency totals by kind of account, in micro-units. */
export interface CurrencyTotals {
  users: number;
  house: number;
  escrow: number;
  external: number;
  /** Sum of every balance: 0 when money is conserved. */
  sum: number;
}

/** What checkLedgerInvariants found. */
export interface InvariantReport {
  ok: boolean;
  balancesChecked: number;
  entriesChecked: number;
  transactionsChecked: number;
  mismatches: InvariantMismatch[];
  totals: Record<Currency, CurrencyTotals>;
}

/**
 * Entry sums and counts per account and currency; the caller narrows it with a `where` (an id
 * range, the new entries) or reads the whole ledger.
 */
export function selectAccountSums(db: Kysely<Database>) {
  return db
    .selectFrom("ledger_entries")
    .select([
      "account_id",
      "currency",
      sql<number>`sum(delta)`.as("total"),
      sql<number>`count(*)`.as("entries"),
    ])
    .groupBy(["account_id", "currency"]);
}

/** The transactions whose entries in a currency do not sum to zero (among the entries the caller's `where` keeps). */
export function selectUnbalancedParts(db: Kysely<Database>) {
  return db
    .selectFrom("ledger_entries")
    .select(["tx_id", "currency", sql<number>`sum(delta)`.as("total")])
    .groupBy(["tx_id", "currency"])
    .having(sql`sum(delta)`, "!=", 0);
}

const key = (accountId: string, currency: string) => `${currency}\u0000${accountId}`;

/** An account's sum of ledger entries in one currency. */
export interface AccountSum {
  accountId: string;
  currency: Currency;
  total: number;
}

/** Totals of zero for every currency. */
export function emptyTotals(): Record<Currency, CurrencyTotals> {
  return Object.fromEntries(
    CURRENCIES.map((c) => [c, { users: 0, house: 0, escrow: 0, external: 0, sum: 0 }]),
  ) as Record<Currency, CurrencyTotals>;
}

/** Adds a balance to its currency's total under its kind of account. */
export function addToTotals(
  totals: Record<Currency, CurrencyTotals>,
  accountId: string,
  currency: Currency,
  balance: number,
): void {
  const total = totals[currency];
  if (isHouseAccount(accountId)) total.house += balance;
  else if (accountId === "system:external") total.external += balance;
  else if (isEscrowAccount(accountId)) total.escrow += balance;
  else total.users += balance;
  total.sum += balance;
}

/** A not_conserved mismatch for each currency whose balances do not sum to zero. */
export function conservationMismatches(totals: Record<Currency, CurrencyTotals>): InvariantMismatch[] {
  return CURRENCIES.filter((c) => totals[c].sum !== 0).map((currency) => ({
    kind: "not_conserved" as const,
    currency,
    sum: totals[currency].sum,
  }));
}

/** Runs `fn` in one repeatable-read snapshot (or in the caller's transaction). */
export function inSnapshot<T>(
  db: Kysely<Database>,
  fn: (snapshot: Kysely<Database>) => Promise<T>,
): Promise<T> {
  // One snapshot, so bets committing meanwhile cannot show up as false mismatches.
  if (db.isTransaction) return fn(db);
  return db.transaction().setIsolationLevel("repeatable read").execute(fn);
}

/** Checks every ledger invariant over the whole database (the bookkeeper monitor and the tests call it). */
export async function checkLedgerInvariants(db: Kysely<Database>): Promise<InvariantReport> {
  return (await inSnapshot(db, scanLedger)).report;
}

/** An account's entry sum with its entry count. */
export interface CountedSum extends AccountSum {
  entries: number;
}

/** A balance row as the check reads it. */
export interface BalanceRow {
  account_id: string;
  currency: Currency;
  balance: number;
}

/** A transaction whose entries do not sum to zero in a currency. */
export interface UnbalancedTransaction {
  txId: string;
  currency: Currency;
  sum: number;
}

/** Everything the whole-ledger comparison reads, from one snapshot or assembled from several. */
export interface LedgerRead {
  balances: readonly BalanceRow[];
  sums: readonly CountedSum[];
  unbalanced: readonly UnbalancedTransaction[];
  transactions: number;
}

/** The whole-ledger check and every account's entry sum, read in the caller's snapshot. */
export async function scanLedger(
  db: Kysely<Database>,
): Promise<{ report: InvariantReport; sums: CountedSum[] }> {
  const balances = await readBalances(db);
  const sums = await selectAccountSums(db).execute();
  const unbalanced = await selectUnbalancedParts(db).execute();
  const counted = sums.map((row) => ({
    accountId: row.account_id,
    currency: row.currency,
    total: Number(row.total),
    entries: Number(row.entries),
  }));
  const report = compareLedger({
    balances,
    sums: counted,
    unbalanced: unbalanced.map((row) => ({
      txId: row.tx_id,
      currency: row.currency,
      sum: Number(row.total),
    })),
    transactions: await countTransactions(db),
  });
  return { report, sums: counted };
}

/** Every balance row, in table order. */
export async function readBalances(db: Kysely<Database>): Promise<BalanceRow[]> {
  const rows = await db.selectFrom("balances").select(["account_id", "currency", "balance"]).execute();
  return rows.map((row) => ({
    account_id: row.account_id,
    currency: row.currency,
    balance: Number(row.balance),
  }));
}

/** How many ledger transactions there are. */
export async function countTransactions(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("ledger_transactions")
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const byAccount = (a: AccountSum, b: AccountSum) =>
  a.accountId < b.accountId
    ? -1
    : a.accountId > b.accountId
      ? 1
      : a.currency < b.currency
        ? -1
        : a.currency > b.currency
          ? 1
          : 0;
const byTransaction = (a: UnbalancedTransaction, b: UnbalancedTransaction) =>
  a.txId < b.txId ? -1 : a.txId > b.txId ? 1 : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0;

/** Compares balances with entry sums: the report of the whole-ledger check. */
export function compareLedger(read: LedgerRead): InvariantReport {
  const mismatches: InvariantMismatch[] = [];
  const entrySums = new Map<string, number>();
  let entriesChecked = 0;
  for (const row of read.sums) {
    entrySums.set(key(row.accountId, row.currency), row.total);
    entriesChecked += row.entries;
  }
  const totals = emptyTotals();
  const seen = new Set<string>();
  for (const row of read.balances) {
    const balance = row.balance;
    const k = key(row.account_id, row.currency);
    seen.add(k);
    const entriesSum = entrySums.get(k) ?? 0;
    if (entriesSum !== balance) {
      mismatches.push({
        kind: "balance_vs_entries",
        accountId: row.account_id,
        currency: row.currency,
        balance,
        entriesSum,
      });
    }
    if (balance < 0 && !isSystemAccount(row.account_id)) {
      mismatches.push({
        kind: "negative_balance",
        accountId: row.account_id,
        currency: row.currency,
        balance,
      });
    }
    addToTotals(totals, row.account_id, row.currency, balance);
  }
  for (const row of [...read.sums].sort(byAccount)) {
    // No balance row is a balance of zero: entries that net to zero need none.
    if (seen.has(key(row.accountId, row.currency)) || row.total === 0) continue;
    mismatches.push({
      kind: "balance_vs_entries",
      accountId: row.accountId,
      currency: row.currency,
      balance: 0,
      entriesSum: row.total,
    });
  }
  for (const row of [...read.unbalanced].sort(byTransaction)) {
    mismatches.push({ kind: "unbalanced_transaction", txId: row.txId, currency: row.currency, sum: row.sum });
  }
  mismatches.push(...conservationMismatches(totals));
  return {
    ok: mismatches.length === 0,
    balancesChecked: read.balances.length,
    entriesChecked,
    transactionsChecked: read.transactions,
    mismatches,
    totals,
  };
}
