/**
 * Table ownership by lease: the process hosting a table holds its row's lease (owner id and
 * expiry) and renews it while it runs. Another process may take a table over, or recover its
 * escrow, only when the lease is free, its own, or expired, so recovery never touches a live table.
 */
import { type Kysely, sql } from "kysely";
import { LIVE_HAND } from "../db/literals.ts";
import type { Database } from "../db/schema.ts";
import { pokerDb } from "./db.ts";

/** Takes or renews the lease of a table; false when another live process holds it. */
export async function acquireLease(
  db: Kysely<Database>,
  tableId: string,
  owner: string,
  now: number,
  ttlMs: number,
): Promise<boolean> {
  const result = await pokerDb(db)
    .updateTable("poker_tables")
    .set({ lease_owner: owner, lease_expires_at: now + ttlMs })
    .where("id", "=", tableId)
    .where((eb) =>
      eb.or([eb("lease_owner", "is", null), eb("lease_owner", "=", owner), eb("lease_expires_at", "<", now)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Renews the leases this process holds; returns the tables whose lease was lost meanwhile. */
export async function renewLeases(
  db: Kysely<Database>,
  tableIds: readonly string[],
  owner: string,
  now: number,
  ttlMs: number,
): Promise<string[]> {
  if (tableIds.length === 0) return [];
  // One statement for every table (a round trip each would cost the shared database per table).
  const renewed = await pokerDb(db)
    .updateTable("poker_tables")
    .set({ lease_expires_at: now + ttlMs })
    .where("id", "in", tableIds)
    .where("lease_owner", "=", owner)
    .returning("id")
    .execute();
  const kept = new Set(renewed.map((r) => r.id));
  return tableIds.filter((id) => !kept.has(id));
}

/** Gives a table's lease up (clean shutdown). */
export async function releaseLease(db: Kysely<Database>, tableId: string, owner: string): Promise<void> {
  await pokerDb(db)
    .updateTable("poker_tables")
    .set({ lease_owner: null, lease_expires_at: null })
    .where("id", "=", tableId)
    .where("lease_owner", "=", owner)
    .execute();
}

/**
 * Tables with escrowed chips (seats or a live hand) that no live process hosts: free, this
 * process's own from before a restart, or with an expired lease.
 */
export async function listOrphanedTables(
  db: Kysely<Database>,
  owner: string,
  now: number,
): Promise<string[]> {
  const rows = await pokerDb(db)
    .selectFrom("poker_tables as t")
    .select("t.id")
    .where((eb) =>
      eb.or([
        eb("t.lease_owner", "is", null),
        eb("t.lease_owner", "=", owner),
        eb("t.lease_expires_at", "<", now),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb.exists(
          eb.selectFrom("poker_seats as s").select(sql`1`.as("one")).whereRef("s.table_id", "=", "t.id"),
        ),
        eb.exists(
          eb
            .selectFrom("poker_hands as h")
            .select(sql`1`.as("one"))
            .whereRef("h.table_id", "=", "t.id")
            .where("h.status", "=", LIVE_HAND),
        ),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}
