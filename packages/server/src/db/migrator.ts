/**
 * Running schema migrations on SQLite and PostgreSQL alike. Which migrations exist is not decided
 * here: each domain exports its own, and the composition above the domain (src/migrations.ts)
 * hands the full ordered list down.
 */
import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import type { Dialect } from "./dialect.ts";

/** Migrations by id (the name recorded in `kysely_migration`), each built for a dialect. */
export type MigrationList = Readonly<Record<string, (dialect: Dialect) => Migration>>;

/**
 * One ordered list from the lists of several parts: ordered by id, as the migrator runs them.
 * Throws on an id two parts both claim, since only one of them would run.
 */
export function composeMigrations(...lists: MigrationList[]): MigrationList {
  const all = new Map<string, (dialect: Dialect) => Migration>();
  for (const list of lists) {
    for (const [id, migration] of Object.entries(list)) {
      if (all.has(id)) throw new Error(`migration ${id} is declared twice`);
      all.set(id, migration);
    }
  }
  return Object.fromEntries([...all].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The migrations of a list built for a dialect, by id, in order. */
export function migrationsFor(list: MigrationList, dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(Object.entries(list).map(([id, migration]) => [id, migration(dialect)]));
}

/** Brings the database up to the last migration of `list`; throws with the failing migration's error. */
export async function migrateToLatest(
  db: Kysely<unknown>,
  dialect: Dialect,
  list: MigrationList,
  pgSchema?: string,
): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(list, dialect) };
  // On PostgreSQL the migration tables are looked up in our schema by name: Kysely's check would
  // otherwise find another schema's tables (a parallel test's) and skip creating its own.
  const migrationTableSchema = dialect === "postgres" ? (pgSchema ?? "public") : undefined;
  const { error, results } = await new Migrator({
    db,
    provider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`, { cause: error });
  }
}
