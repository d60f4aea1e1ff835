/**
 * The hooks the money paths call inside their own transaction, before they move money: a stake
 * (a bet, a poker buy-in or top-up) or a deposit is checked against the player's locked row and
 * counted in it, so concurrent requests cannot pass a limit together. A player who never set
 * anything costs one UPDATE that touches no row; one who did costs one row read and one row write.
 * On PostgreSQL a one-shot bet reads and writes the row inside its own two statements instead
 * (admitLockedStake, countedStakeRow and countStakeStatement; see store/postgres/place-stake.ts).
 */
import type { Currency, Failure } from "@casino/protocol";
import type { Kysely, QueryCreator, UpdateQueryBuilder, UpdateResult } from "kysely";
import type { Database } from "../db/schema.ts";
import type { QueryBuilder, Steps } from "../db/steps.ts";
import { runStepsIn } from "../db/transaction.ts";
import { addDeposit, addPayout, addStake, checkDeposit, checkStake } from "./gate.ts";
import { applyDueChanges, parseState, type ResponsibleState } from "./state.ts";
import { listedUntil, lockStateSteps, type ResponsibleGamingTable, saveStateSteps } from "./store.ts";

/** An admitted stake: the locked state to count it in once its payout (if any) is known. */
export interface StakeTicket {
  ok: true;
  userId: string;
  currency: Currency;
  stake: number;
  state: ResponsibleState | undefined;
}

/** Checks a stake against the player's stored state (undefined: the player never set anything). */
function admitStake(
  userId: string,
  currency: Currency,
  stake: number,
  stored: ResponsibleState | undefined,
  now: number,
): StakeTicket | Failure {
  const state = stored && applyDueChanges(stored, now);
  if (state) {
    const refused = checkStake(state, currency, stake, now);
    if (refused) return refused;
  }
  return { ok: true, userId, currency, stake, state };
}

/** Locks the player's row and checks a stake; the ticket is settled by settleStakeSteps in the same transaction. */
export function* admitStakeSteps(
  q: QueryBuilder,
  userId: string,
  currency: Currency,
  stake: number,
  now: number,
): Steps<StakeTicket | Failure> {
  return admitStake(userId, currency, stake, yield* lockStateSteps(q, userId, now), now);
}

/**
 * Checks a stake against the row text a statement of the caller read and locked the way
 * lockStateSteps does (null or undefined: the player has no row); settle it with countedStakeRow.
 */
export function admitLockedStake(
  userId: string,
  currency: Currency,
  stake: number,
  storedText: string | null | undefined,
  now: number,
): StakeTicket | Failure {
  return admitStake(userId, currency, stake, storedText ? parseState(storedText) : undefined, now);
}

/**
 * The player's row after an admitted stake and its payout, for the caller's own statement to write
 * (what settleStakeSteps writes); undefined when the player has no row to write.
 */
export function countedStakeRow(
  ticket: StakeTicket,
  win: number,
  now: number,
): { state: string; listedUntil: number | null } | undefined {
  if (!ticket.state) return undefined;
  const state = addStake(ticket.state, ticket.currency, ticket.stake, win, now);
  return { state: JSON.stringify(state), listedUntil: listedUntil(state, now) };
}

/** Counts an admitted stake and the payout it already got (0 while its round is open). */
export function* settleStakeSteps(
  q: QueryBuilder,
  ticket: StakeTicket,
  win: number,
  now: number,
): Steps<void> {
  if (!ticket.state) return;
  yield* saveStateSteps(
    q,
    ticket.userId,
    addStake(ticket.state, ticket.currency, ticket.stake, win, now),
    now,
  );
}

/**
 * The UPDATE writing a countedStakeRow as a common table expression of the caller's statement
 * (its values `userId`, `countedState`, `countedListedUntil` and `now`); the row is already locked
 * by the same transaction.
 */
export function countStakeStatement<DB>(db: QueryCreator<DB>, p: Record<string, unknown>) {
  return (db as unknown as QueryCreator<{ responsible_gaming: ResponsibleGamingTable }>)
    .updateTable("responsible_gaming")
    .set({
      state: p.countedState as string,
      listed_until: p.countedListedUntil as number | null,
      updated_at: p.now as number,
    })
    .where("user_id", "=", p.userId as string) as unknown as UpdateQueryBuilder<
    DB,
    never,
    never,
    UpdateResult
  >;
}

/** Checks and counts a stake whose payout comes later; a refusal is returned for the caller to roll back. */
export function* chargeStakeSteps(
  q: QueryBuilder,
  userId: string,
  currency: Currency,
  stake: number,
  now: number,
): Steps<Failure | undefined> {
  const ticket = yield* admitStakeSteps(q, userId, currency, stake, now);
  if (!ticket.ok) return ticket;
  yield* settleStakeSteps(q, ticket, 0, now);
  return undefined;
}

/** Counts a payout of an earlier stake: it takes the period's loss back down. */
export function* creditPayoutSteps(
  q: QueryBuilder,
  userId: string,
  currency: Currency,
  win: number,
  now: number,
): Steps<void> {
  if (win <= 0) return;
  const stored = yield* lockStateSteps(q, userId, now);
  if (stored)
    yield* saveStateSteps(q, userId, addPayout(applyDueChanges(stored, now), currency, win, now), now);
}

/** Checks and counts a deposit. */
export function* chargeDepositSteps(
  q: QueryBuilder,
  userId: string,
  currency: Currency,
  amount: number,
  now: number,
): Steps<Failure | undefined> {
  const stored = yield* lockStateSteps(q, userId, now);
  if (!stored) return undefined;
  const state = applyDueChanges(stored, now);
  const refused = checkDeposit(state, currency, amount, now);
  if (refused) return refused;
  yield* saveStateSteps(q, userId, addDeposit(state, currency, amount, now), now);
  return undefined;
}

/** A hook's steps as a call inside the caller's async transaction (`now` defaults to the clock). */
function inCallersTransaction<R>(
  steps: (q: QueryBuilder, userId: string, currency: Currency, amount: number, now: number) => Steps<R>,
) {
  return (trx: Kysely<Database>, userId: string, currency: Currency, amount: number, now = Date.now()) =>
    runStepsIn(trx, (q) => steps(q, userId, currency, amount, now));
}

/** chargeStakeSteps inside an async transaction (poker buy-ins and top-ups). */
export const chargeStake = inCallersTransaction(chargeStakeSteps);

/** creditPayoutSteps inside an async transaction (poker cash-outs). */
export const creditPayout = inCallersTransaction(creditPayoutSteps);

/** chargeDepositSteps inside an async transaction (the cashier). */
export const chargeDeposit = inCallersTransaction(chargeDepositSteps);
