/**
 * A one-shot bet on PostgreSQL in one round trip. The ordinary bet needs two: its stake statement
 * reserves the nonce the rule draws from, and only then can the round be written. For a player
 * without responsible-gaming state whose seed pair this process remembers (fairness/seed-cache.ts),
 * the rule draws first, from the remembered seed and nonce, and one statement then locks and
 * checks the player's row, moves the stake and the win, advances the nonce, writes the round and
 * the ledger, and commits. It checks what the draw rested on (the seed still active, the same
 * client seed, the same nonce, no limits, the stake covered); if any of it no longer holds,
 * `require_unchanged` fails the statement whole, nothing is written, and the transaction runner
 * plays the bet again the ordinary way.
 */
import type { Currency } from "@casino/protocol";
import { type SqlBool, sql } from "kysely";
import { createTimeOrderedId } from "../../db/ids.ts";
import { ACTIVE_SEED } from "../../db/literals.ts";
import { prepareByShape, prepareQuery } from "../../db/prepared.ts";
import { fetchAllAndCommit, type QueryBuilder, runWriteUnread, type Steps } from "../../db/steps.ts";
import { rememberGuessedSeed } from "../../fairness/seed-cache.ts";
import type { FairContext } from "../../fairness/seeds.ts";
import { balanceSubquery } from "../ledger-statements.ts";
import type { Balances, QuickBet, SettledBet } from "../money-store.ts";
import { roundSlots, roundSlotValues, roundValues } from "../round-statements.ts";
import { withAdmission } from "./place-stake.ts";
import { fusedValues, withCreditsAndRecord } from "./transfers.ts";

/**
 * Gives the transaction its PostgreSQL transaction id before the bet's statement draws ledger entry
 * ids, as the bookkeeper's incremental check expects of every ledger writer (ledger/increment.ts);
 * it travels unread with that statement.
 */
const takeTransactionIdQuery = prepareQuery((q, _p: Record<string, never>) =>
  q.selectNoFrom(sql<string>`pg_current_xact_id()`.as("xid")),
);

/**
 * The whole bet: the player's responsible-gaming row locked first (as every stake does), the
 * player's balance moved by the win less the stake if it covers the stake, the remembered nonce
 * advanced if the move happened, then the house's net change, the ledger rows and the round; one
 * row out, which fails the statement unless all of the first three held.
 */
const playInOneStatementQuery = prepareByShape(
  (entries: number) => (q: QueryBuilder, p: Record<string, unknown>) => {
    const checked = withAdmission(q, p.userId as string, p.now as number)
      .with("moved", (db) =>
        db
          .updateTable("balances")
          .set({
            balance: sql<number>`balance - ${p.stake} + ${p.win}`,
            updated_at: p.now as number,
          })
          .where("account_id", "=", p.userId as string)
          .where("currency", "=", p.currency as Currency)
          .where("balance", ">=", p.stake as number)
          .where((eb) => eb(eb.selectFrom("admitted").select(eb.fn.countAll().as("n")), ">=", 0))
          .returning(["currency", "balance"]),
      )
      .with("advanced", (db) =>
        db
          .updateTable("fair_seeds")
          .set((eb) => ({ next_nonce: eb("next_nonce", "+", 1) }))
          .where("id", "=", p.seedId as string)
          .where("user_id", "=", p.userId as string)
          .where("is_active", "=", ACTIVE_SEED)
          .where("next_nonce", "=", p.nonce as number)
          .where("client_seed", "=", p.clientSeed as string)
          .where((eb) => eb.exists(eb.selectFrom("moved").select("moved.balance")))
          .returning("id"),
      );
    // The ledger's common table expressions continue the same statement.
    return withCreditsAndRecord(checked as unknown as QueryBuilder, p, 1, entries)
      .with("stored", (db) => db.insertInto("game_rounds").values(roundValues(roundSlots(p))))
      .selectNoFrom([
        sql<SqlBool>`require_unchanged(
          (select count(*) from advanced) = 1
          and not exists (select 1 from admitted where state is not null))`.as("unchanged"),
        sql<number | null>`(select balance from moved)`.as("balance"),
        balanceSubquery(p.userId, "HC").as("hc"),
        balanceSubquery(p.userId, "AMINA").as("amina"),
      ]);
  },
);

/**
 * Plays a paid one-shot bet drawn from `fair` (what this process remembers of the player's seed)
 * in one statement that commits; undefined when the ordinary path must answer instead (the rule
 * refused, or the house's share is nothing to move). Thrown STALE_GUESS_CODE: nothing was written.
 */
export function* playRoundInOneTrip(
  q: QueryBuilder,
  bet: QuickBet,
  fair: FairContext,
  now: number,
): Steps<SettledBet | undefined> {
  const { userId, currency, stake } = bet;
  const decided = bet.decide(fair);
  if (!decided || decided.win === stake) return undefined;
  const { row, moves, house, win } = decided;
  const entries = moves.filter((m) => m.delta !== 0);
  const transfer = { kind: "round", userId, roundId: row.id, currency, moves };
  const credits = [{ accountId: house, delta: stake - win }];
  const values = fusedValues(createTimeOrderedId(), transfer, credits, entries, now);
  Object.assign(values, roundSlotValues(row), {
    stake,
    win,
    seedId: fair.seedId,
    nonce: fair.nonce,
    clientSeed: fair.clientSeed,
  });
  yield* runWriteUnread(takeTransactionIdQuery(q, {}));
  const [result] = yield* fetchAllAndCommit(playInOneStatementQuery(entries.length)(q, values));
  if (!result) throw new Error("rounds: the one-trip bet statement returned no row");
  const balances: Balances = { HC: Number(result.hc ?? 0), AMINA: Number(result.amina ?? 0) };
  balances[currency] = Number(result.balance);
  rememberGuessedSeed(q, userId, fair);
  return { row, balances };
}
