/**
 * Vega, the bookkeeper: runs the ledger invariants (every balance equals its ledger sum, every
 * transaction sums to zero, no guarded balance is negative, money is conserved) and raises a
 * critical event for each mismatch it has not reported before.
 */
import { formatUnits } from "@casino/protocol";
import { checkLedgerInvariants, type InvariantMismatch } from "../../ledger/invariants.ts";
import type { CasinoServices } from "../../services.ts";
import { readReport } from "../counters.ts";
import { type MonitorRun, raiseAlert } from "./record.ts";

/** Vega's report of one run. */
export interface BookkeepingReport {
  ok: boolean;
  balancesChecked: number;
  entriesChecked: number;
  transactionsChecked: number;
  /** The first mismatches found (at most 20). */
  mismatches: InvariantMismatch[];
  mismatchCount: number;
  /** Balance totals per currency and kind of account, in coins. */
  totals: Record<string, Record<string, string>>;
  /** Keys of the mismatches open at this run (alerted once; again only if one comes back after a fix). */
  alerted: string[];
}

/** A stable key for a mismatch, so the same broken row alerts once. */
export function describeMismatchKey(m: InvariantMismatch): string {
  switch (m.kind) {
    case "balance_vs_entries":
    case "negative_balance":
      return `${m.kind}:${m.currency}:${m.accountId}`;
    case "unbalanced_transaction":
      return `${m.kind}:${m.currency}:${m.txId}`;
    case "not_conserved":
      return `${m.kind}:${m.currency}`;
  }
}

/** A sentence for the event list. */
function describeMismatch(m: InvariantMismatch): string {
  switch (m.kind) {
    case "balance_vs_entries":
      return `balance ${formatUnits(m.balance)} ${m.currency} of ${m.accountId} differs from its ledger sum ${formatUnits(m.entriesSum)}`;
    case "negative_balance":
      return `balance of ${m.accountId} is negative: ${formatUnits(m.balance)} ${m.currency}`;
    case "unbalanced_transaction":
      return `ledger transaction ${m.txId} does not sum to zero (${formatUnits(m.sum)} ${m.currency})`;
    case "not_conserved":
      return `${m.currency} is not conserved: all balances sum to ${formatUnits(m.sum)}`;
  }
}

/** Counts the checks one invariant run performs: each balance, each transaction, each currency's conservation. */
function countChecks(report: { balancesChecked: number; transactionsChecked: number }, currencies: number) {
  return report.balancesChecked + report.transactionsChecked + currencies;
}

/** One bookkeeping pass over the whole ledger. */
export async function auditLedger(services: CasinoServices): Promise<MonitorRun<BookkeepingReport>> {
  const { db } = services.handle;
  const previous = await readReport<BookkeepingReport>(db, "vega");
  const result = await checkLedgerInvariants(db);
  const alreadyAlerted = new Set(previous?.body.alerted ?? []);
  const fresh = result.mismatches.filter((m) => !alreadyAlerted.has(describeMismatchKey(m)));
  for (const m of fresh) {
    raiseAlert(services, "vega", {
      type: "ledger_mismatch",
      severity: "critical",
      location: "ledger",
      details: describeMismatch(m),
      rule: `vega/${m.kind}`,
    });
  }
  const totals = Object.fromEntries(
    Object.entries(result.totals).map(([currency, t]) => [
      currency,
      Object.fromEntries(Object.entries(t).map(([kind, units]) => [kind, formatUnits(units)])),
    ]),
  );
  return {
    add: {
      financialChecks: countChecks(result, Object.keys(result.totals).length),
      issuesDetected: fresh.length,
      tasksDispatched: fresh.length,
    },
    set: { bookkeepingEntries: result.entriesChecked, openMismatches: result.mismatches.length },
    report: {
      ok: result.ok,
      balancesChecked: result.balancesChecked,
      entriesChecked: result.entriesChecked,
      transactionsChecked: result.transactionsChecked,
      mismatches: result.mismatches.slice(0, 20),
      mismatchCount: result.mismatches.length,
      totals,
      alerted: result.mismatches.slice(0, 500).map(describeMismatchKey),
    },
  };
}
