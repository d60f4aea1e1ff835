/**
 * Vega, the bookkeeper: checks the ledger invariants (every balance equals its ledger sum, every
 * transaction sums to zero, no guarded balance is negative, money is conserved) incrementally,
 * reading only the entries written since its last checkpoint (ledger/increment.ts) on the read
 * worker, and raises a critical event for each mismatch it has not reported before.
 */
import { formatUnits } from "@casino/protocol";
import type { ReadRunner } from "../../db/read-worker.ts";
import type { IncrementMode } from "../../ledger/increment.ts";
import type { CurrencyTotals, InvariantMismatch, InvariantReport } from "../../ledger/invariants.ts";
import { saveLedgerIncrement } from "../../ledger/running-sums.ts";
import type { CasinoServices } from "../../services.ts";
import { readReport } from "../counters.ts";
import type { OperatorReadJobs } from "../read-jobs.ts";
import { type MonitorRun, raiseAlert } from "./record.ts";

/** Vega's report of one run. */
export interface BookkeepingReport {
  ok: boolean;
  /** "incremental": the entries since the checkpoint; "rebuild": the whole ledger (first run, or the checkpoint was unusable); "wait": another process was saving the running sums. */
  mode: IncrementMode;
  balancesChecked: number;
  /** Ledger entries and transactions verified so far (the running sums include them). */
  entriesChecked: number;
  transactionsChecked: number;
  /** Entries and transactions this run read. */
  newEntries: number;
  newTransactions: number;
  /** The ledger entry id the running sums now reach. */
  throughEntryId: number;
  /** How long the run took, ms (reading on the worker and saving the sums). */
  durationMs: number;
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

/** Totals in coins, for the report. */
export function formatTotals(totals: Record<string, CurrencyTotals>): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(totals).map(([currency, t]) => [
      currency,
      Object.fromEntries(Object.entries(t).map(([kind, units]) => [kind, formatUnits(units)])),
    ]),
  );
}

/** Raises a critical event for each mismatch not in `alreadyAlerted`; returns those raised. */
export function alertMismatches(
  services: CasinoServices,
  mismatches: readonly InvariantMismatch[],
  alreadyAlerted: ReadonlySet<string>,
): InvariantMismatch[] {
  const fresh = mismatches.filter((m) => !alreadyAlerted.has(describeMismatchKey(m)));
  for (const m of fresh) {
    raiseAlert(services, "vega", {
      type: "ledger_mismatch",
      severity: "critical",
      location: "ledger",
      details: describeMismatch(m),
      rule: `vega/${m.kind}`,
    });
  }
  return fresh;
}

/** One bookkeeping pass: the entries since the checkpoint, read on the read worker, then the running sums saved. */
export async function auditLedger(
  services: CasinoServices,
  reads: ReadRunner<OperatorReadJobs>,
): Promise<MonitorRun<BookkeepingReport>> {
  const { db, dialect } = services.handle;
  const started = performance.now();
  const previous = await readReport<BookkeepingReport>(db, "vega");
  const increment = await reads.run("ledger.increment", { dialect, now: services.now() });
  await saveLedgerIncrement(services.handle, increment, services.now);
  const durationMs = Math.round(performance.now() - started);
  const result: InvariantReport | null = increment.report;
  if (!result) {
    // Another process is saving the running sums: nothing was checked this time.
    const body = previous?.body;
    return {
      add: {},
      report: {
        ok: body?.ok ?? true,
        mode: "wait",
        balancesChecked: 0,
        entriesChecked: increment.entriesCovered,
        transactionsChecked: increment.transactionsCovered,
        newEntries: 0,
        newTransactions: 0,
        throughEntryId: increment.throughEntryId,
        durationMs,
        mismatches: body?.mismatches ?? [],
        mismatchCount: body?.mismatchCount ?? 0,
        totals: body?.totals ?? {},
        alerted: body?.alerted ?? [],
      },
    };
  }
  const fresh = alertMismatches(services, result.mismatches, new Set(previous?.body.alerted ?? []));
  return {
    add: {
      financialChecks: countChecks(result, Object.keys(result.totals).length),
      issuesDetected: fresh.length,
      tasksDispatched: fresh.length,
      entriesVerified: result.entriesChecked,
      ...(increment.mode === "rebuild" ? { rebuilds: 1 } : {}),
    },
    set: {
      bookkeepingEntries: increment.entriesCovered,
      openMismatches: result.mismatches.length,
      lastRunMs: durationMs,
      checkpointEntryId: increment.throughEntryId,
    },
    report: {
      ok: result.ok,
      mode: increment.mode,
      balancesChecked: result.balancesChecked,
      entriesChecked: increment.entriesCovered,
      transactionsChecked: increment.transactionsCovered,
      newEntries: result.entriesChecked,
      newTransactions: result.transactionsChecked,
      throughEntryId: increment.throughEntryId,
      durationMs,
      mismatches: result.mismatches.slice(0, 20),
      mismatchCount: result.mismatches.length,
      totals: formatTotals(result.totals),
      alerted: result.mismatches.slice(0, 500).map(describeMismatchKey),
    },
  };
}
