/**
 * Chips on a table are money in the table's escrow account ("escrow:poker:<tableId>"): a buy-in
 * moves it from the player's balance (the house's, for a bot) into escrow, leaving or busting moves
 * the stack back, and the rake goes to the house. Every move is one ledger transfer inside the
 * caller's transaction, so the escrow always equals the chips on the table times the chip value.
 */
import type { Currency } from "@casino/protocol";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { escrowAccount, HOUSE_ACCOUNT } from "../ledger/accounts.ts";
import { postTransfer, type TransferResult } from "../ledger/ledger.ts";

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

/** Buys chips: the owner's balance (the house's for a bot) pays into the table's escrow. */
export function payIntoTable(trx: Kysely<Database>, move: ChipMove): Promise<TransferResult> {
  const units = unitsOf(move);
  const reason = move.ownerId ? "poker_buy_in" : "poker_bot_buy_in";
  return postTransfer(trx, {
    kind: reason,
    userId: move.ownerId,
    currency: move.currency,
    moves: [
      { accountId: move.ownerId ?? HOUSE_ACCOUNT, delta: -units, reason },
      { accountId: tableEscrowAccount(move.tableId), delta: units, reason },
    ],
  });
}

/** Cashes chips out: the table's escrow pays the owner (the house for a bot). */
export function payOutOfTable(
  trx: Kysely<Database>,
  move: ChipMove,
  reason = move.ownerId ? "poker_cash_out" : "poker_bot_cash_out",
): Promise<TransferResult> {
  const units = unitsOf(move);
  return postTransfer(trx, {
    kind: reason,
    userId: move.ownerId,
    currency: move.currency,
    moves: [
      { accountId: tableEscrowAccount(move.tableId), delta: -units, reason },
      { accountId: move.ownerId ?? HOUSE_ACCOUNT, delta: units, reason },
    ],
  });
}

/** Takes a hand's rake from the table's escrow to the house. */
export function takeRake(
  trx: Kysely<Database>,
  rake: { tableId: string; currency: Currency; unitsPerChip: number; chips: number; handId: number },
): Promise<TransferResult> {
  const units = unitsOf(rake);
  return postTransfer(trx, {
    kind: "poker_rake",
    roundId: `poker-hand:${rake.handId}`,
    currency: rake.currency,
    moves: [
      { accountId: tableEscrowAccount(rake.tableId), delta: -units, reason: "poker_rake" },
      { accountId: HOUSE_ACCOUNT, delta: units, reason: "poker_rake" },
    ],
  });
}
