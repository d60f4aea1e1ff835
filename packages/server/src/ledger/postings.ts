/**
 * The ledger's postings: every money movement is a balanced transfer posted through the money
 * store of the transaction's database (store/money-store.ts), which applies it to the balances
 * under the non-negative guard and appends its ledger rows, all or nothing.
 */

import type { QueryBuilder, Steps } from "../db/steps.ts";
import type { Balances, TransferInput, TransferResult } from "../store/money-store.ts";
import { moneyStoreOf } from "../store/select.ts";

export type {
  Balances,
  InsufficientFunds,
  Move,
  TransferInput,
  TransferResult,
} from "../store/money-store.ts";

/** Posts a balanced transfer as steps: the balance changes and the ledger rows, all or nothing. */
export function transferSteps(
  q: QueryBuilder,
  input: TransferInput,
  now = Date.now(),
): Steps<TransferResult> {
  return moneyStoreOf(q).postTransfer(q, input, now);
}

/**
 * Posts a balanced transfer whose debits must be covered (a shortfall is a broken invariant, not a
 * refusal: a table's escrow always holds its rake), as steps that read nothing back; an uncovered
 * debit fails the transaction.
 */
export function transferCoveredSteps(q: QueryBuilder, input: TransferInput, now = Date.now()): Steps<void> {
  return moneyStoreOf(q).postCoveredTransfer(q, input, now);
}

/** Reads an account's balances as steps (missing rows are zero). */
export function balancesSteps(q: QueryBuilder, accountId: string): Steps<Balances> {
  return moneyStoreOf(q).readBalances(q, accountId);
}
