/**
 * The bookkeeper's check: every balance equals the sum of its ledger entries, every ledger
 * transaction sums to zero, no guarded account is negative, and money is conserved
 * (users + house + escrow = -external, so all balances sum to zero per currency).
 */
import { CURRENCIES, type Currency } from "@casino/protocol";
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

const key = (accountId: string, currency: string) => `${currency}\u0000${accountId}`;

/** Checks every ledger invariant over the whole database (the bookkeeper monitor and the tests call it). */
export async function checkLedgerInvariants(db: Kysely<Database>): Promise<InvariantReport> {
  // One snapshot, so bets committing meanwhile cannot show up as false mismatches.
  if (db.isTransaction) return checkInSnapshot(db);
  return db.transaction().setIsolationLevel("repeatable read").execute(checkInSnapshot);
}

async function checkInSnapshot(db: Kysely<Database>): Promise<InvariantReport> {
  const balances = await db.selectFrom("balances").select(["account_id", "currency", "balance"]).execute();
  const sums = await db
    .selectFrom("ledger_entries")
    .select([
      "account_id",
      "currency",
      sql<number>`sum(delta)`.as("total"),
      sql<number>`count(*)`.as("entries"),
    ])
    .groupBy(["account_id", "currency"])
    .execute();
  const unbalanced = await db
    .selectFrom("ledger_entries")
    .select(["tx_id", "currency", sql<number>`sum(delta)`.as("total")])
    .groupBy(["tx_id", "currency"])
    .having(sql`sum(delta)`, "!=", 0)
    .execute();
  const txCount = await db
    .selectFrom("ledger_transactions")
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();

  const mismatches: InvariantMismatch[] = [];
  const entrySums = new Map<string, number>();
  let entriesChecked = 0;
  for (const row of sums) {
    entrySums.set(key(row.account_id, row.currency), Number(row.total));
    entriesChecked += Number(row.entries);
  }
  const totals = Object.fromEntries(
    CURRENCIES.map((c) => [c, { users: 0, house: 0, escrow: 0, external: 0, sum: 0 }]),
  ) as Record<Currency, CurrencyTotals>;
  const seen = new Set<string>();
  for (const row of balances) {
    const balance = Number(row.balance);
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
    const total = totals[row.currency];
    if (isHouseAccount(row.account_id)) total.house += balance;
    else if (row.account_id === "system:external") total.external += balance;
    else if (isEscrowAccount(row.account_id)) total.escrow += balance;
    else total.users += balance;
    total.sum += balance;
  }
  for (const row of sums) {
    if (seen.has(key(row.account_id, row.currency))) continue;
    mismatches.push({
      kind: "balance_vs_entries",
      accountId: row.account_id,
      currency: row.currency,
      balance: 0,
      entriesSum: Number(row.total),
    });
  }
  for (const row of unbalanced) {
    mismatches.push({
      kind: "unbalanced_transaction",
      txId: row.tx_id,
      currency: row.currency,
      sum: Number(row.total),
    });
  }
  for (const currency of CURRENCIES) {
    if (totals[currency].sum !== 0)
      mismatches.push({ kind: "not_conserved", currency, sum: totals[currency].sum });
  }
  return {
    ok: mismatches.length === 0,
    balancesChecked: balances.length,
    entriesChecked,
    transactionsChecked: Number(txCount.n),
    mismatches,
    totals,
  };
}
