/**
 * Chips on a table are money in the table's escrow account ("escrow:poker:<tableId>"): a buy-in
 * moves it from the player's balance (the house's, for a bot) into escrow, leaving or busting moves
 * the stack back, and the rake goes to the house. Every move is one ledger transfer inside the
 * caller's transaction, so the escrow always equals the chips on the table times the chip value.
 * The house side of a table (bots' chips, rake) books to the table's house sub-account, so one
 * table's transaction touches one house row, and tables spread over the sub-accounts.
 */
import type { Currency } from "@casino/protocol";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { QueryBuilder, Steps } from "../db/steps.ts";
import { escrowAccount, houseAccount } from "../ledger/accounts.ts";
import {
  postTransfer,
  type TransferInput,
  type TransferResult,
  transferCoveredSteps,
  transferSteps,
} from "../ledger/ledger.ts";
import { creditPayout, creditPayoutSteps } from "../responsible/hooks.ts";

/** The escrow account of a table. */
export function tableEscrowAccount(tableId: string): string {
  return escrowAccount("poker", tableId);
}

/** Chips moving between a table and their owner: a user, or the house for a bot (ownerId null). */
export interface ChipMove {
  tableId: string;
  currency: Currency;
  unitsPerChip: number;
  chips: number;
  ownerId: string | null;
}

function unitsOf(move: { chips: number; unitsPerChip: number }): number {
  const units = move.chips * move.unitsPerChip;
  if (!Number.isSafeInteger(units) || units <= 0)
    throw new Error(`poker escrow: bad chip amount ${move.chips}`);
  return units;
}

/**
 * Buys chips: the owner's balance (the house's for a bot) pays into the table's escrow. A player's
 * buy-in is a stake: the caller passes the responsible-gaming gate first, in the same transaction.
 */
export function payIntoTable(trx: Kysely<Database>, move: ChipMove): Promise<TransferResult> {
  return postTransfer(trx, buyInTransfer(move));
}

/** Seats a House bot: the table's house sub-account pays its chips into escrow. */
export function payBotIntoTable(
  trx: Kysely<Database>,
  move: ChipMove & { ownerId: null },
): Promise<TransferResult> {
  return postTransfer(trx, buyInTransfer(move));
}

/** Cashes chips out: the table's escrow pays the owner (the house for a bot). */
export async function payOutOfTable(
  trx: Kysely<Database>,
  move: ChipMove,
  reason?: string,
): Promise<TransferResult> {
  if (move.ownerId) await creditPayout(trx, move.ownerId, move.currency, unitsOf(move));
  return postTransfer(trx, cashOutTransfer(move, reason));
}

/** Cashes chips out, as transaction steps. */
export function* payOutOfTableSteps(
  q: QueryBuilder,
  move: ChipMove,
  now: number,
  reason?: string,
): Steps<TransferResult> {
  if (move.ownerId) yield* creditPayoutSteps(q, move.ownerId, move.currency, unitsOf(move), now);
  return yield* transferSteps(q, cashOutTransfer(move, reason), now);
}

/**
 * Takes a hand's rake from the table's escrow to the house, as transaction steps that read nothing
 * back (on PostgreSQL they go with the commit). The escrow holds every chip on the table, rake
 * included: an escrow that cannot cover it fails the transaction.
 */
export function takeRakeSteps(
  q: QueryBuilder,
  rake: { tableId: string; currency: Currency; unitsPerChip: number; chips: number; handId: number },
  now: number,
): Steps<void> {
  return transferCoveredSteps(q, rakeTransfer(rake), now);
}

function buyInTransfer(move: ChipMove): TransferInput {
  const units = unitsOf(move);
  const reason = move.ownerId ? "poker_buy_in" : "poker_bot_buy_in";
  return {
    kind: reason,
    userId: move.ownerId,
    currency: move.currency,
    moves: [
      { accountId: move.ownerId ?? houseAccount(move.tableId), delta: -units, reason },
      { accountId: tableEscrowAccount(move.tableId), delta: units, reason },
    ],
  };
}

function cashOutTransfer(
  move: ChipMove,
  reason = move.ownerId ? "poker_cash_out" : "poker_bot_cash_out",
): TransferInput {
  const units = unitsOf(move);
  return {
    kind: reason,
    userId: move.ownerId,
    currency: move.currency,
    moves: [
      { accountId: tableEscrowAccount(move.tableId), delta: -units, reason },
      { accountId: move.ownerId ?? houseAccount(move.tableId), delta: units, reason },
    ],
  };
}

function rakeTransfer(rake: {
  tableId: string;
  currency: Currency;
  unitsPerChip: number;
  chips: number;
  handId: number;
}): TransferInput {
  const units = unitsOf(rake);
  return {
    kind: "poker_rake",
    roundId: `poker-hand:${rake.handId}`,
    currency: rake.currency,
    moves: [
      { accountId: tableEscrowAccount(rake.tableId), delta: -units, reason: "poker_rake" },
      { accountId: houseAccount(rake.tableId), delta: units, reason: "poker_rake" },
    ],
  };
}
