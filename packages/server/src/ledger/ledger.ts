/**
 * The double-entry ledger: every money movement is one ledger transaction whose entries sum to
 * zero per currency, applied to the balances table in the same database transaction.
 */
import type { Currency } from "@casino/protocol";
import { type Kysely, sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import type { QueryBuilder, Steps } from "../db/steps.ts";
import { runSteps, runStepsIn } from "../db/transaction.ts";
import { EXTERNAL_ACCOUNT, HOUSE_ACCOUNT } from "./accounts.ts";
import {
  type Balances,
  balancesSteps,
  type TransferInput,
  type TransferResult,
  transferSteps,
} from "./postings.ts";

export { checkLedgerInvariants, type InvariantMismatch, type InvariantReport } from "./invariants.ts";
export type { Balances, InsufficientFunds, Move, TransferInput, TransferResult } from "./postings.ts";
export { balancesSteps, transferCoveredSteps, transferSteps } from "./postings.ts";

/** Why money enters a wallet from outside. */
export type GrantReason = "new_user" | "demo_grant" | "daily_bonus" | "deposit" | "faucet" | "adjustment";

/** Posts a transfer inside the caller's transaction, all or nothing: a refusal changes nothing, so the caller may still commit its other work. */
export function postTransfer(trx: Kysely<Database>, input: TransferInput): Promise<TransferResult> {
  return runStepsIn(trx, (q) => transferSteps(q, input));
}

/** An account's balances in micro-units, for responses and checks (missing rows are zero). */
export function getBalances(db: Kysely<Database>, accountId: string): Promise<Balances> {
  return runStepsIn(db, (q) => balancesSteps(q, accountId));
}

/** The house's balances: the sum of `system:house` and every sub-account `system:house:<n>`. */
export async function getHouseBalances(db: Kysely<Database>): Promise<Balances> {
  const rows = await db
    .selectFrom("balances")
    .select(["currency", sql<number>`sum(balance)`.as("total")])
    .where((eb) =>
      eb.or([eb("account_id", "=", HOUSE_ACCOUNT), eb("account_id", "like", `${HOUSE_ACCOUNT}:%`)]),
    )
    .groupBy("currency")
    .execute();
  const balances: Balances = { HC: 0, AMINA: 0 };
  for (const row of rows) balances[row.currency] = Number(row.total);
  return balances;
}

/** A grant or deposit and the wallet's balances after it. */
export interface GrantResult {
  ok: true;
  txId: string;
  balances: Balances;
}

/** What to grant; pass `trx` to make it part of a larger transaction (new user + grant). */
export interface GrantInput {
  userId: string;
  currency: Currency;
  amount: number; // micro-units, > 0
  reason: GrantReason;
  trx?: Kysely<Database>;
}

/** Moves money from the outside world into a wallet: new-user grant, demo refill, daily bonus, deposit. */
export async function grant(handle: DatabaseHandle, input: GrantInput): Promise<GrantResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new Error(`grant: bad amount ${input.amount}`);
  const body = function* (q: QueryBuilder): Steps<GrantResult> {
    const result = yield* transferSteps(q, {
      kind: input.reason,
      userId: input.userId,
      currency: input.currency,
      moves: [
        { accountId: EXTERNAL_ACCOUNT, delta: -input.amount, reason: input.reason },
        { accountId: input.userId, delta: input.amount, reason: input.reason },
      ],
    });
    if (!result.ok) throw new Error("grant: an unguarded debit cannot fail");
    return { ok: true, txId: result.txId, balances: yield* balancesSteps(q, input.userId) };
  };
  return input.trx ? runStepsIn(input.trx, body) : runSteps(handle, body);
}

/** What to pay out of a wallet to the outside world. */
export interface WithdrawInput {
  userId: string;
  currency: Currency;
  amount: number; // micro-units, > 0
  reason?: string; // "withdraw" unless told
  trx?: Kysely<Database>;
}

/** A withdrawal's answer: the balances after it, or the balance did not cover it (nothing moved). */
export type WithdrawResult = GrantResult | { ok: false; code: "ledger/insufficient_funds"; message: string };

/** Moves money out of a wallet to the outside world (a withdrawal), never below zero. */
export async function withdraw(handle: DatabaseHandle, input: WithdrawInput): Promise<WithdrawResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new Error(`withdraw: bad amount ${input.amount}`);
  const reason = input.reason ?? "withdraw";
  const body = function* (q: QueryBuilder): Steps<WithdrawResult> {
    const result = yield* transferSteps(q, {
      kind: reason,
      userId: input.userId,
      currency: input.currency,
      moves: [
        { accountId: input.userId, delta: -input.amount, reason },
        { accountId: EXTERNAL_ACCOUNT, delta: input.amount, reason },
      ],
    });
    if (!result.ok) return { ok: false, code: result.code, message: "Insufficient balance" };
    return { ok: true, txId: result.txId, balances: yield* balancesSteps(q, input.userId) };
  };
  return input.trx ? runStepsIn(input.trx, body) : runSteps(handle, body);
}
