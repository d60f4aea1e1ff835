/**
 * The hooks the money paths call inside their own transaction, before they move money: a stake
 * (a bet, a poker buy-in or top-up) or a deposit is checked against the player's locked row and
 * counted in it, so concurrent requests cannot pass a limit together. A player who never set
 * anything costs one UPDATE that touches no row; one who did costs one row read and one row write.
 */
import type { Currency, Failure } from "@casino/protocol";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { QueryBuilder, Steps } from "../db/steps.ts";
import { runStepsIn } from "../db/transaction.ts";
import { addDeposit, addPayout, addStake, checkDeposit, checkStake } from "./gate.ts";
import { applyDueChanges, type ResponsibleState } from "./state.ts";
import { lockStateSteps, saveStateSteps } from "./store.ts";

/** An admitted stake: the locked state to count it in once its payout (if any) is known. */
export interface StakeTicket {
  ok: true;
  userId: string;
  currency: Currency;
  stake: number;
  state: ResponsibleState | undefined;
}

/** Locks the player's row and checks a stake; the ticket is settled by settleStakeSteps in the same transaction. */
export function* admitStakeSteps(
  q: QueryBuilder,
  userId: string,
  currency: Currency,
  stake: number,
  now: number,
): Steps<StakeTicket | Failure> {
  const stored = yield* lockStateSteps(q, userId, now);
  const state = stored && applyDueChanges(stored, now);
  if (state) {
    const refused = checkStake(state, currency, stake, now);
    if (refused) return refused;
  }
  return { ok: true, userId, currency, stake, state };
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

/** chargeStakeSteps inside an async transaction (poker buy-ins and top-ups). */
export function chargeStake(
  trx: Kysely<Database>,
  userId: string,
  currency: Currency,
  stake: number,
  now = Date.now(),
): Promise<Failure | undefined> {
  return runStepsIn(trx, (q) => chargeStakeSteps(q, userId, currency, stake, now));
}

/** creditPayoutSteps inside an async transaction (poker cash-outs). */
export function creditPayout(
  trx: Kysely<Database>,
  userId: string,
  currency: Currency,
  win: number,
  now = Date.now(),
): Promise<void> {
  return runStepsIn(trx, (q) => creditPayoutSteps(q, userId, currency, win, now));
}

/** chargeDepositSteps inside an async transaction (the cashier). */
export function chargeDeposit(
  trx: Kysely<Database>,
  userId: string,
  currency: Currency,
  amount: number,
  now = Date.now(),
): Promise<Failure | undefined> {
  return runStepsIn(trx, (q) => chargeDepositSteps(q, userId, currency, amount, now));
}
