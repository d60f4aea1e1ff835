/**
 * Seat rows: who sits where with how many chips as of the last settled point (the buy-in, a chip
 * transaction or the end of a hand). Together with the escrow they are what a restart recovers.
 */
import type { Kysely } from "kysely";
import { prepareQuery } from "../db/prepared.ts";
import type { Database } from "../db/schema.ts";
import { type QueryBuilder, runWriteUnread, type Steps } from "../db/steps.ts";
import { runStepsIn } from "../db/transaction.ts";
import { type PokerSeatsTable, pokerDb } from "./db.ts";
import { saveStacksBySeatSteps } from "./stacks-by-seat.ts";

/** A seat row as the service uses it. */
export interface SeatRecord {
  tableId: string;
  seat: number;
  playerId: string;
  userId: string | null;
  displayName: string;
  stack: number;
  clientSeed: string;
  joinedAt: number;
}

function toRecord(row: PokerSeatsTable): SeatRecord {
  return {
    tableId: row.table_id,
    seat: Number(row.seat),
    playerId: row.player_id,
    userId: row.user_id,
    displayName: row.display_name,
    stack: Number(row.stack),
    clientSeed: row.client_seed,
    joinedAt: Number(row.joined_at),
  };
}

/** Stores a new seat (fails on a taken seat or a player already seated: the unique keys). */
export async function insertSeat(trx: Kysely<Database>, seat: SeatRecord): Promise<void> {
  await pokerDb(trx)
    .insertInto("poker_seats")
    .values({
      table_id: seat.tableId,
      seat: seat.seat,
      player_id: seat.playerId,
      user_id: seat.userId,
      display_name: seat.displayName,
      stack: seat.stack,
      client_seed: seat.clientSeed,
      joined_at: seat.joinedAt,
    })
    .execute();
}

const deleteSeatQuery = prepareQuery((q, p: { tableId: string; seat: number }) =>
  pokerDb(q).deleteFrom("poker_seats").where("table_id", "=", p.tableId).where("seat", "=", p.seat),
);

/** Sets the settled stack of seats, as transaction steps (one statement for all of them). */
export function* saveStacksSteps(
  q: QueryBuilder,
  tableId: string,
  stacks: readonly { seat: number; stack: number }[],
): Steps<void> {
  yield* saveStacksBySeatSteps("poker_seats", q, tableId, stacks);
}

/** Sets the settled stack of seats inside the caller's transaction. */
export function saveStacks(
  trx: Kysely<Database>,
  tableId: string,
  stacks: readonly { seat: number; stack: number }[],
): Promise<void> {
  return runStepsIn(trx, (q) => saveStacksSteps(q, tableId, stacks));
}

/** Frees a seat, as transaction steps. */
export function* deleteSeatSteps(q: QueryBuilder, tableId: string, seat: number): Steps<void> {
  yield* runWriteUnread(deleteSeatQuery(q, { tableId, seat }));
}

/** Frees a seat inside the caller's transaction. */
export function deleteSeat(trx: Kysely<Database>, tableId: string, seat: number): Promise<void> {
  return runStepsIn(trx, (q) => deleteSeatSteps(q, tableId, seat));
}

/** The seats of a table. */
export async function listSeats(db: Kysely<Database>, tableId: string): Promise<SeatRecord[]> {
  const rows = await pokerDb(db)
    .selectFrom("poker_seats")
    .selectAll()
    .where("table_id", "=", tableId)
    .orderBy("seat")
    .execute();
  return rows.map(toRecord);
}
