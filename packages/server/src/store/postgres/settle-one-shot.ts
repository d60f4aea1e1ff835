/**
 * A one-shot round's settlement on PostgreSQL: the round row, the win and the house's net change
 * (rows locked in the ledger's order), the ledger transaction, the stake counted under the player's
 * limits and the player's balances, in one statement (which carries the COMMIT when the round ends
 * its transaction), the house row last and just before commit. The stake debit and the nonce were
 * written before it, as withCreditsAndRecord requires.
 */
import { sql } from "kysely";
import { createTimeOrderedId } from "../../db/ids.ts";
import { prepareByShape } from "../../db/prepared.ts";
import type { GameRoundsTable } from "../../db/schema.ts";
import { fetchAll, fetchAllAndCommit, type QueryBuilder, type Steps } from "../../db/steps.ts";
import { rememberSeed } from "../../fairness/seed-cache.ts";
import { countedStakeRow, countStakeStatement, creditPayoutSteps } from "../../responsible/hooks.ts";
import { netCredits } from "../ledger-statements.ts";
import type { Balances, Move, OneShotSettlement } from "../money-store.ts";
import { writeOneShotSteps } from "../one-shot-steps.ts";
import { roundSlots, roundSlotValues, roundValues } from "../round-statements.ts";
import { fusedValues, withCreditsAndRecord } from "./transfers.ts";

/**
 * A settled round's row, credits, ledger rows, the stake counted under the player's limits
 * (`counted` 1, when the player has a responsible-gaming row) and the player's balances.
 */
const settleQuery = prepareByShape(
  (credits: number, entries: number, counted: number) => (q: QueryBuilder, p: Record<string, unknown>) => {
    const written = withCreditsAndRecord(q, p, credits, entries).with("stored", (db) =>
      db.insertInto("game_rounds").values(roundValues(roundSlots(p))),
    );
    return (counted ? written.with("counted", (db) => countStakeStatement(db, p)) : written)
      .selectFrom("credited")
      .select([sql<string>`'credited'`.as("source"), "currency", "balance"])
      .where("account_id", "=", p.userId as string)
      .unionAll((db) =>
        db
          .selectFrom("balances")
          .select([sql<string>`'before'`.as("source"), "currency", "balance"])
          .where("account_id", "=", p.userId as string),
      );
  },
);

/** Runs settleQuery for a round and reads the player's balances from its rows. */
function* settleInOneStatement(
  q: QueryBuilder,
  row: GameRoundsTable,
  moves: Move[],
  settle: { counted: ReturnType<typeof countedStakeRow>; endsTransaction: boolean },
  now: number,
): Steps<Balances> {
  const input = { kind: "round", userId: row.user_id, roundId: row.id, currency: row.currency, moves };
  const credits = netCredits(moves);
  const entries = moves.filter((m) => m.delta !== 0);
  const values = {
    ...fusedValues(createTimeOrderedId(), input, credits, entries, now),
    ...roundSlotValues(row),
  };
  const { counted } = settle;
  if (counted) {
    values.countedState = counted.state;
    values.countedListedUntil = counted.listedUntil;
  }
  const statement = settleQuery(credits.length, entries.length, counted ? 1 : 0)(q, values);
  const rows = yield* settle.endsTransaction ? fetchAllAndCommit(statement) : fetchAll(statement);
  const balances: Balances = { HC: 0, AMINA: 0 };
  // The statement's own snapshot shows balances before its credits; the credited rows override them.
  for (const r of rows as { source: string; currency: keyof Balances; balance: number }[])
    if (r.source === "before") balances[r.currency] = Number(r.balance);
  for (const r of rows as { source: string; currency: keyof Balances; balance: number }[])
    if (r.source === "credited") balances[r.currency] = Number(r.balance);
  return balances;
}

/**
 * Settles a one-shot round: a placed stake in one statement (and the player's seed remembered for
 * the next bet's one round trip when the player has no limits); a prepaid round counts its payout
 * first, then settles a win in one statement or stores a lost round statement by statement.
 */
export function* settleOneShotSteps(q: QueryBuilder, s: OneShotSettlement, now: number): Steps<Balances> {
  const { row, moves, placed, win, endsTransaction } = s;
  if (placed) {
    const counted = countedStakeRow(placed.ticket, win, now);
    const balances = yield* settleInOneStatement(q, row, moves, { counted, endsTransaction }, now);
    // A player without limits: the next bet may draw from this seed before any statement.
    if (!placed.ticket.state) rememberSeed(q, row.user_id, placed.fair, now);
    return balances;
  }
  yield* creditPayoutSteps(q, row.user_id, row.currency, win, now);
  if (win > 0)
    return yield* settleInOneStatement(q, row, moves, { counted: undefined, endsTransaction }, now);
  return yield* writeOneShotSteps(q, s, now);
}
