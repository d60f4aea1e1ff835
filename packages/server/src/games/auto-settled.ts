/**
 * Which rounds the server settled on its own (the abandoned-round settler), so the history can say
 * so ("0770_auto_settled_rounds"): one row per such round. Composed in src/migrations.ts.
 */
import type { Kysely } from "kysely";
import type { MigrationList } from "../db/migrator.ts";
import type { Database } from "../db/schema.ts";
import { schemaMigration, table } from "../db/tables.ts";

/** A round the server settled after its player left it. */
export interface AutoSettledRoundsTable {
  round_id: string;
  settled_at: number;
}

type AutoSettledDb = Kysely<Database & { auto_settled_rounds: AutoSettledRoundsTable }>;

function autoSettledDb(db: Kysely<Database>): AutoSettledDb {
  return db as unknown as AutoSettledDb;
}

/** The migration creating the table on either dialect. */
export const autoSettledMigration = schemaMigration(
  table("auto_settled_rounds", { round_id: "text primary key", settled_at: "bigint" }),
);

/** Records that the server settled `roundId` on its own. */
export async function markAutoSettled(db: Kysely<Database>, roundId: string, now: number): Promise<void> {
  await autoSettledDb(db)
    .insertInto("auto_settled_rounds")
    .values({ round_id: roundId, settled_at: now })
    .onConflict((oc) => oc.column("round_id").doNothing())
    .execute();
}

/** Of `roundIds`, those the server settled on its own. */
export async function findAutoSettled(
  db: Kysely<Database>,
  roundIds: readonly string[],
): Promise<Set<string>> {
  if (roundIds.length === 0) return new Set();
  const rows = await autoSettledDb(db)
    .selectFrom("auto_settled_rounds")
    .select("round_id")
    .where("round_id", "in", [...roundIds])
    .execute();
  return new Set(rows.map((row) => row.round_id));
}

/** The games' migrations by id. */
export const GAMES_MIGRATIONS: MigrationList = {
  "0770_auto_settled_rounds": autoSettledMigration,
};
