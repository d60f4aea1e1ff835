/**
 * Which process hosts a poker table: the holder of its unexpired lease (src/poker/lease.ts; a Sit &
 * Go's table, `sng-<id>`, by its tournament's host lease, src/poker/tournament/host-lease.ts). The
 * cluster asks it before creating a table's room and before handling a table's REST call, so both
 * reach the one process that holds the table in memory.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { pokerDb } from "../poker/db.ts";
import { findTournamentHost } from "../poker/tournament/host-lease.ts";

/** The node id holding the table's live lease, or undefined when no live process hosts it. */
export async function findTableOwner(
  db: Kysely<Database>,
  tableId: string,
  now: number,
): Promise<string | undefined> {
  if (tableId.startsWith("sng-")) return findTournamentHost(db, tableId, now);
  const row = await pokerDb(db)
    .selectFrom("poker_tables")
    .select(["lease_owner", "lease_expires_at"])
    .where("id", "=", tableId)
    .executeTakeFirst();
  if (!row?.lease_owner || row.lease_expires_at === null || row.lease_expires_at < now) return undefined;
  return row.lease_owner;
}

/** The tables where a player sits (the chip cashier acts on the player's table). */
export async function listTablesOfPlayer(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await pokerDb(db)
    .selectFrom("poker_seats")
    .select("table_id")
    .where("user_id", "=", userId)
    .execute();
  return [...new Set(rows.map((row) => row.table_id))];
}
