/**
 * Crash safety: the escrow in the ledger is the truth. A table whose process died mid-hand has seat
 * rows with the stacks as of the hand's start (the hand's chips are all still in escrow), so
 * recovery voids the unfinished hand and pays every seat's stack back to its owner (the house for
 * bots). It runs at start for tables no live process holds, and again whenever a lease expires.
 */
import type { DatabaseHandle } from "../db/connect.ts";
import { runInTransaction } from "../db/transaction.ts";
import { HOUSE_ACCOUNT } from "../ledger/accounts.ts";
import { getBalances, postTransfer } from "../ledger/ledger.ts";
import type { Logger } from "../log.ts";
import { payOutOfTable, tableEscrowAccount } from "./escrow.ts";
import { voidLiveHands } from "./hand-store.ts";
import { acquireLease, listOrphanedTables, releaseLease } from "./lease.ts";
import { deleteSeat, listSeats } from "./seats-store.ts";
import { findTableRow } from "./tables-store.ts";

/** What one table's recovery did. */
export interface TableRecovery {
  tableId: string;
  seatsReturned: number;
  chipsReturned: number;
  handsVoided: number;
  /** Units left in escrow after every seat was paid (0 unless something was wrong); sent to the house. */
  remainder: number;
}

/** Voids a table's unfinished hands and returns every seated stack; one transaction. */
export async function recoverTable(
  handle: DatabaseHandle,
  tableId: string,
  now: number,
): Promise<TableRecovery> {
  return runInTransaction(handle, async (trx) => {
    const table = await findTableRow(trx, tableId);
    if (!table) throw new Error(`poker recovery: no table ${tableId}`);
    const handsVoided = await voidLiveHands(trx, tableId, now);
    const seats = await listSeats(trx, tableId);
    let chipsReturned = 0;
    for (const seat of seats) {
      if (seat.stack > 0) {
        const paid = await payOutOfTable(
          trx,
          {
            tableId,
            currency: table.currency,
            unitsPerChip: table.unitsPerChip,
            chips: seat.stack,
            ownerId: seat.userId,
          },
          "poker_recovery",
        );
        if (!paid.ok) throw new Error(`poker recovery: escrow of ${tableId} cannot pay seat ${seat.seat}`);
        chipsReturned += seat.stack;
      }
      await deleteSeat(trx, tableId, seat.seat);
    }
    const escrow = tableEscrowAccount(tableId);
    const remainder = (await getBalances(trx, escrow))[table.currency];
    if (remainder > 0) {
      await postTransfer(trx, {
        kind: "poker_recovery_remainder",
        currency: table.currency,
        moves: [
          { accountId: escrow, delta: -remainder, reason: "poker_recovery_remainder" },
          { accountId: HOUSE_ACCOUNT, delta: remainder, reason: "poker_recovery_remainder" },
        ],
      });
    }
    return { tableId, seatsReturned: seats.length, chipsReturned, handsVoided, remainder };
  });
}

/** Recovers every table with escrow that no live process hosts; the lease is held meanwhile. */
export async function recoverOrphanedTables(
  handle: DatabaseHandle,
  options: { owner: string; now: number; leaseTtlMs: number; log: Logger; skip?: ReadonlySet<string> },
): Promise<TableRecovery[]> {
  const done: TableRecovery[] = [];
  for (const tableId of await listOrphanedTables(handle.db, options.owner, options.now)) {
    if (options.skip?.has(tableId)) continue;
    if (!(await acquireLease(handle.db, tableId, options.owner, options.now, options.leaseTtlMs))) continue;
    try {
      const recovery = await recoverTable(handle, tableId, options.now);
      done.push(recovery);
      const level = recovery.remainder > 0 ? "error" : "info";
      options.log[level](recovery, "poker table recovered: stacks returned from escrow");
    } finally {
      await releaseLease(handle.db, tableId, options.owner);
    }
  }
  return done;
}
