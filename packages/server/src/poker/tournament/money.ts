/**
 * A Sit & Go's money, through the ledger only: a player's buy-in goes into the tournament's escrow
 * ("escrow:tournament:<id>") and the fee to the house; unregistering returns both exactly; a House
 * bot's buy-in comes from the house (no fee); prizes leave the escrow (a bot's prize back to the
 * house). The escrow therefore ends at 0 when every prize is paid.
 */
import type { Currency } from "@casino/protocol";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { QueryBuilder, Steps } from "../../db/steps.ts";
import { escrowAccount, houseAccount } from "../../ledger/accounts.ts";
import { postTransfer, type TransferInput, type TransferResult, transferSteps } from "../../ledger/ledger.ts";
import { creditPayout, creditPayoutSteps } from "../../responsible/hooks.ts";

/** The escrow holding a tournament's prize pool. */
export function tournamentEscrowAccount(tournamentId: string): string {
  return escrowAccount("tournament", tournamentId);
}

/** Who pays or is paid, in which tournament. */
export interface EntryMoney {
  tournamentId: string;
  currency: Currency;
  /** Null for a House bot: the house pays and is paid. */
  userId: string | null;
  buyIn: number;
  fee: number;
}

function transfer(kind: string, e: EntryMoney, from: string, to: string, units: number): TransferInput {
  return {
    kind,
    userId: e.userId,
    roundId: `tournament:${e.tournamentId}`,
    currency: e.currency,
    moves: [
      { accountId: from, delta: -units, reason: kind },
      { accountId: to, delta: units, reason: kind },
    ],
  };
}

/** What a registration costs the player: the buy-in and the fee, counted together as one stake. */
export function registrationStake(e: EntryMoney): number {
  return e.buyIn + e.fee;
}

/**
 * Pays a player's registration: buy-in into escrow, fee to the house. The caller admits the stake
 * through the responsible-gaming gate first, in the same transaction.
 */
export async function payRegistration(
  trx: Kysely<Database>,
  e: EntryMoney & { userId: string },
): Promise<TransferResult> {
  const escrow = tournamentEscrowAccount(e.tournamentId);
  const house = houseAccount(e.tournamentId);
  const buyIn = await postTransfer(trx, transfer("tournament_buy_in", e, e.userId, escrow, e.buyIn));
  if (!buyIn.ok || e.fee === 0) return buyIn;
  return postTransfer(trx, transfer("tournament_fee", e, e.userId, house, e.fee));
}

/** Pays a House bot's registration: its buy-in from the house into escrow, no fee. */
export function payBotRegistration(trx: Kysely<Database>, e: EntryMoney): Promise<TransferResult> {
  const escrow = tournamentEscrowAccount(e.tournamentId);
  const house = houseAccount(e.tournamentId);
  return postTransfer(trx, transfer("tournament_bot_buy_in", e, house, escrow, e.buyIn));
}

/**
 * Returns a registration exactly: the buy-in from escrow, the fee from the house; for the player's
 * limits the refund is a payout of the stake the registration counted.
 */
export async function refundRegistration(trx: Kysely<Database>, e: EntryMoney, now: number): Promise<void> {
  const escrow = tournamentEscrowAccount(e.tournamentId);
  const house = houseAccount(e.tournamentId);
  const owner = e.userId ?? house;
  if (e.userId) await creditPayout(trx, e.userId, e.currency, registrationStake(e), now);
  const back = await postTransfer(trx, transfer("tournament_refund", e, escrow, owner, e.buyIn));
  if (!back.ok) throw new Error(`tournament ${e.tournamentId}: escrow cannot refund ${owner}`);
  if (e.userId && e.fee > 0) {
    const fee = await postTransfer(trx, transfer("tournament_fee_refund", e, house, e.userId, e.fee));
    if (!fee.ok) throw new Error(`tournament ${e.tournamentId}: fee refund refused`);
  }
}

/** Pays a prize from the escrow, as settlement steps (a bot's prize goes back to the house). */
export function* payPrizeSteps(
  q: QueryBuilder,
  prize: { tournamentId: string; currency: Currency; userId: string | null; amount: number },
  now: number,
): Steps<void> {
  if (prize.amount <= 0) return;
  const e = { ...prize, buyIn: 0, fee: 0 };
  const owner = prize.userId ?? houseAccount(prize.tournamentId);
  const kind = prize.userId ? "tournament_prize" : "tournament_bot_prize";
  if (prize.userId) yield* creditPayoutSteps(q, prize.userId, prize.currency, prize.amount, now);
  const paid = yield* transferSteps(
    q,
    transfer(kind, e, tournamentEscrowAccount(prize.tournamentId), owner, prize.amount),
    now,
  );
  if (!paid.ok) throw new Error(`tournament ${prize.tournamentId}: escrow cannot pay ${owner}`);
}
