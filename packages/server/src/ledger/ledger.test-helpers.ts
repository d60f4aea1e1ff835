/** Ledger checks for tests: an account's balance with the books still balanced, tampering behind the ledger's back, and plain transfers. */
import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { Database } from "../db/schema.ts";
import { checkLedgerInvariants } from "./invariants.ts";
import { getBalances, type TransferInput } from "./ledger.ts";

/** Expects the account to hold `hc` micro-units of HC and the ledger to balance (every transfer keeps both). */
export async function expectHoldsAndBalanced(db: Kysely<Database>, accountId: string, hc: number) {
  expect((await getBalances(db, accountId)).HC).toBe(hc);
  expect((await checkLedgerInvariants(db)).ok).toBe(true);
}

/** Adds one micro-unit to the oldest ledger entry, as a direct write would; returns that entry. */
export async function tamperOldestEntry(db: Kysely<Database>) {
  const oldest = await db
    .selectFrom("ledger_entries")
    .select(["id", "tx_id", "currency"])
    .orderBy("id")
    .executeTakeFirstOrThrow();
  await db
    .updateTable("ledger_entries")
    .set((eb) => ({ delta: eb("delta", "+", 1) }))
    .where("id", "=", oldest.id)
    .execute();
  return oldest;
}

/** A player's HC transfer of `amount` from their wallet to account `to`, each move's reason its kind. */
export function playerTransfer(kind: string, userId: string, to: string, amount: number): TransferInput {
  return {
    kind,
    userId,
    currency: "HC",
    moves: [
      { accountId: userId, delta: -amount, reason: kind },
      { accountId: to, delta: amount, reason: kind },
    ],
  };
}
