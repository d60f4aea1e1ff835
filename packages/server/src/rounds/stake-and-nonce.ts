/**
 * A bet's first writes: the guarded stake debit and the reservation of the seed's nonce. On
 * PostgreSQL they are one statement (one round trip less inside the open transaction); the nonce
 * advances only when the debit did, so a refused stake leaves both untouched.
 */
import type { Currency } from "@casino/protocol";
import { sql } from "kysely";
import { ACTIVE_SEED } from "../db/literals.ts";
import { prepareQuery } from "../db/prepared.ts";
import { fetchFirst, type QueryBuilder, type Steps } from "../db/steps.ts";
import { type FairContext, reserveNonceSteps } from "../fairness/seeds.ts";
import { applyMovesSteps, isPostgres } from "../ledger/postings.ts";

/** PostgreSQL: debit if covered, then advance the active seed's nonce if the debit happened. */
const debitAndAdvanceQuery = prepareQuery(
  (q, p: { userId: string; currency: Currency; stake: number; now: number }) =>
    q
      .with("debited", (db) =>
        db
          .updateTable("balances")
          .set({ balance: sql<number>`balance - ${p.stake}`, updated_at: p.now })
          .where("account_id", "=", p.userId)
          .where("currency", "=", p.currency)
          .where("balance", ">=", p.stake)
          .returning("account_id"),
      )
      .with("advanced", (db) =>
        db
          .updateTable("fair_seeds")
          .set((eb) => ({ next_nonce: eb("next_nonce", "+", 1) }))
          .where("user_id", "=", p.userId)
          .where("is_active", "=", ACTIVE_SEED)
          .where((eb) => eb.exists(eb.selectFrom("debited").select("debited.account_id")))
          .returning(["id", "server_seed", "server_seed_hash", "client_seed", "next_nonce"]),
      )
      .selectFrom("debited")
      .leftJoin("advanced", (join) => join.onTrue())
      .select([
        "advanced.id",
        "advanced.server_seed",
        "advanced.server_seed_hash",
        "advanced.client_seed",
        "advanced.next_nonce",
      ]),
);

/**
 * Debits a stake under the non-negative guard and reserves the user's next nonce, as steps;
 * undefined when the balance does not cover the stake (nothing changed then).
 */
export function* debitStakeAndReserveNonceSteps(
  q: QueryBuilder,
  userId: string,
  currency: Currency,
  stake: number,
  now: number,
): Steps<FairContext | undefined> {
  if (!isPostgres(q)) {
    const debit = yield* applyMovesSteps(
      q,
      currency,
      [{ accountId: userId, delta: -stake, reason: "bet" }],
      now,
    );
    if (!debit.ok) return undefined;
    return yield* reserveNonceSteps(q, userId, now);
  }
  const row = yield* fetchFirst(debitAndAdvanceQuery(q, { userId, currency, stake, now }));
  if (!row) return undefined;
  // A first bet has no seed yet: create it and reserve its first nonce.
  if (row.id === null) return yield* reserveNonceSteps(q, userId, now);
  return {
    seedId: row.id,
    serverSeed: row.server_seed as string,
    serverSeedHash: row.server_seed_hash as string,
    clientSeed: row.client_seed as string,
    nonce: Number(row.next_nonce) - 1,
  };
}
