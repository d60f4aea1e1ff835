/**
 * Crash safety: the escrow in the ledger is the truth. A table whose process died mid-hand has seat
 * rows with the stacks as of the hand's start (the hand's chips are all still in escrow), so
 * recovery voids the unfinished hand and pays every seat's stack back to its owner (the house for
 * bots). It runs at start for tables no live process holds, and again whenever a lease expires.
 */
import type { DatabaseHandle } from "../db/connect.ts";
import { runInTransaction } from "../db/transaction.ts";
import { houseAccount } from "../ledger/accounts.ts";
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
          { accountId: houseAccount(tableId), delta: remainder, reason: "poker_recovery_remainder" },
        ],
      });
    }
    return { tableId, seatsReturned: seats.length, chipsReturned, handsVoided, remainder };
  });
}

/** Runs a table's recovery unless the process is using the table (null: skipped). */
export type RecoveryGuard = (
  tableId: string,
  work: () => Promise<TableRecovery>,
) => Promise<TableRecovery> | null;

/** Recovers every table with escrow that no live process hosts; the lease is held meanwhile. */
export async function recoverOrphanedTables(
  handle: DatabaseHandle,
  options: { owner: string; now: number; leaseTtlMs: number; log: Logger; guard?: RecoveryGuard },
): Promise<TableRecovery[]> {
  const done: TableRecovery[] = [];
  const { owner, now, leaseTtlMs, log } = options;
  const guard: RecoveryGuard = options.guard ?? ((_id, work) => work());
  for (const tableId of await listOrphanedTables(handle.db, owner, now)) {
    const recovery = await guard(tableId, async () => {
      if (!(await acquireLease(handle.db, tableId, owner, now, leaseTtlMs)))
        return { tableId, seatsReturned: 0, chipsReturned: 0, handsVoided: 0, remainder: 0 };
      try {
        return await recoverTable(handle, tableId, now);
      } finally {
        await releaseLease(handle.db, tableId, owner);
      }
    });
    if (!recovery || recovery.seatsReturned + recovery.handsVoided === 0) continue;
    done.push(recovery);
    log[recovery.remainder > 0 ? "error" : "info"](
      recovery,
      "poker table recovered: stacks returned from escrow",
    );
  }
  return done;
}
