/**
 * The free spins the server holds per player and currency (one bonus at a time): written in the
 * same transaction as the round that awards or uses them, as steps so the SQLite fast path runs
 * them synchronously.
 */
import type { Currency } from "@casino/protocol";
import { isBonusCapReached } from "@casino/protocol";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database, FreeSpinsTable } from "../db/schema.ts";
import { fetchFirst, type QueryBuilder, runWrite, type Steps } from "../db/steps.ts";

/** A held bonus as the games use it (money in micro-units). */
export interface HeldFreeSpins {
  currency: Currency;
  remaining: number;
  multiplier: number;
  betAmount: number;
  won: number;
}

function toHeld(row: FreeSpinsTable): HeldFreeSpins {
  return {
    currency: row.currency,
    remaining: Number(row.remaining),
    multiplier: Number(row.multiplier),
    betAmount: Number(row.bet_amount),
    won: Number(row.won),
  };
}

/** The player's held bonus in a currency, if any. */
export function* heldFreeSpinsSteps(
  q: QueryBuilder,
  userId: string,
  currency: Currency,
): Steps<HeldFreeSpins | undefined> {
  const row = yield* fetchFirst(
    q.selectFrom("free_spins").selectAll().where("user_id", "=", userId).where("currency", "=", currency),
  );
  return row ? toHeld(row) : undefined;
}

/**
 * Takes one free spin if the player holds one (the guarded decrement locks the row on PostgreSQL,
 * so two requests cannot use the same spin); returns the bonus as it was before this spin.
 */
export function* takeFreeSpinSteps(
  q: QueryBuilder,
  userId: string,
  currency: Currency,
  now: number,
): Steps<HeldFreeSpins | undefined> {
  const taken = yield* runWrite(
    q
      .updateTable("free_spins")
      .set({ remaining: sql<number>`remaining - 1`, updated_at: now })
      .where("user_id", "=", userId)
      .where("currency", "=", currency)
      .where("remaining", ">", 0),
  );
  if (taken !== 1) return undefined;
  const after = yield* heldFreeSpinsSteps(q, userId, currency);
  return after ? { ...after, remaining: after.remaining + 1 } : undefined;
}

/** Books a used spin's win; the bonus ends when no spin is left or its 1000x cap is paid out. */
export function* recordFreeSpinWinSteps(
  q: QueryBuilder,
  userId: string,
  before: HeldFreeSpins,
  win: number,
  now: number,
): Steps<HeldFreeSpins | undefined> {
  const won = before.won + win;
  const remaining = before.remaining - 1;
  const where = q
    .deleteFrom("free_spins")
    .where("user_id", "=", userId)
    .where("currency", "=", before.currency);
  if (remaining <= 0 || isBonusCapReached(before.betAmount, won)) {
    yield* runWrite(where);
    return undefined;
  }
  yield* runWrite(
    q
      .updateTable("free_spins")
      .set({ won, updated_at: now })
      .where("user_id", "=", userId)
      .where("currency", "=", before.currency),
  );
  return { ...before, remaining, won };
}

/** Awards a bonus (a scatter trigger or a purchase). */
export function* awardFreeSpinsSteps(
  q: QueryBuilder,
  userId: string,
  award: { currency: Currency; spins: number; multiplier: number; betAmount: number },
  now: number,
): Steps<HeldFreeSpins> {
  yield* runWrite(
    q.insertInto("free_spins").values({
      user_id: userId,
      currency: award.currency,
      remaining: award.spins,
      multiplier: award.multiplier,
      bet_amount: award.betAmount,
      won: 0,
      created_at: now,
      updated_at: now,
    }),
  );
  return {
    currency: award.currency,
    remaining: award.spins,
    multiplier: award.multiplier,
    betAmount: award.betAmount,
    won: 0,
  };
}

/** Every bonus the player holds (the slots state a reloaded screen resumes from). */
export async function listFreeSpins(db: Kysely<Database>, userId: string): Promise<HeldFreeSpins[]> {
  const rows = await db.selectFrom("free_spins").selectAll().where("user_id", "=", userId).execute();
  return rows.map(toHeld).filter((held) => held.remaining > 0);
}
