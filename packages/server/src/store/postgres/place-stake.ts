/**
 * A bet's first writes on PostgreSQL in one statement: the responsible-gaming admission (the
 * player's row locked and read), the guarded stake debit and the reservation of the seed's nonce.
 * Each round trip inside the open transaction waits on this process's event loop; the nonce
 * advances only when the debit did, so a refused stake leaves both untouched, and a stake the
 * limits refuse is rolled back with its transaction.
 */
import type { Failure } from "@casino/protocol";
import { sql } from "kysely";
import { ACTIVE_SEED } from "../../db/literals.ts";
import { prepareQuery } from "../../db/prepared.ts";
import { fetchFirst, type QueryBuilder, type Steps } from "../../db/steps.ts";
import { reserveNonceSteps } from "../../fairness/seeds.ts";
import { admitLockedStake } from "../../responsible/hooks.ts";
import { responsibleDb } from "../../responsible/store.ts";
import type { PlacedStake, StakeRequest } from "../money-store.ts";

type StakeValues = StakeRequest & { now: number };

/**
 * A bet statement's first common table expression, `admitted`: the player's responsible-gaming
 * row locked and its state read (as lockStateSteps does); no row for a player who never set
 * anything. A stake's debit reads it, so the row locks before the balance.
 */
export function withAdmission(q: QueryBuilder, userId: string, now: number) {
  return responsibleDb(q).with("admitted", (db) =>
    db
      .updateTable("responsible_gaming")
      .set({ updated_at: now })
      .where("user_id", "=", userId)
      .returning("state"),
  );
}

/**
 * Lock and read the player's responsible-gaming row (withAdmission), then debit if covered, then
 * advance the active seed's nonce if the debit happened; one row out. The debit waits for the
 * admission (its one-time filter reads it), so the rows lock in the same order as everywhere
 * else: responsible-gaming row, balance, seed.
 */
const admitDebitAndAdvanceQuery = prepareQuery((q, p: StakeValues) =>
  withAdmission(q, p.userId, p.now)
    .with("debited", (db) =>
      db
        .updateTable("balances")
        .set({ balance: sql<number>`balance - ${p.stake}`, updated_at: p.now })
        .where("account_id", "=", p.userId)
        .where("currency", "=", p.currency)
        .where("balance", ">=", p.stake)
        .where((eb) => eb(eb.selectFrom("admitted").select(eb.fn.countAll().as("n")), ">=", 0))
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
    .selectFrom((db) =>
      db
        .selectFrom("debited")
        .select((eb) => eb.fn.countAll().as("debited"))
        .as("d"),
    )
    .leftJoin("advanced", (join) => join.onTrue())
    .select((eb) => [
      eb.selectFrom("admitted").select("admitted.state").as("responsible_state"),
      "d.debited",
      "advanced.id",
      "advanced.server_seed",
      "advanced.server_seed_hash",
      "advanced.client_seed",
      "advanced.next_nonce",
    ]),
);

/** Admits, debits and reserves the nonce in one statement; a first bet also creates the player's seed. */
export function* placeStakeSteps(
  q: QueryBuilder,
  request: StakeRequest,
  now: number,
): Steps<PlacedStake | Failure | undefined> {
  const { userId, currency, stake } = request;
  const row = yield* fetchFirst(admitDebitAndAdvanceQuery(q, { ...request, now }));
  if (!row) throw new Error("rounds: the stake statement returned no row");
  const ticket = admitLockedStake(userId, currency, stake, row.responsible_state, now);
  if (!ticket.ok) return ticket;
  if (Number(row.debited) === 0) return undefined;
  // A first bet has no seed yet: create it and reserve its first nonce.
  if (row.id === null) return { ok: true, ticket, fair: yield* reserveNonceSteps(q, userId, now) };
  const fair = {
    seedId: row.id,
    serverSeed: row.server_seed as string,
    serverSeedHash: row.server_seed_hash as string,
    clientSeed: row.client_seed as string,
    nonce: Number(row.next_nonce) - 1,
  };
  return { ok: true, ticket, fair };
}
