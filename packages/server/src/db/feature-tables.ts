/**
 * A feature's own tables (created by its migrations) seen beside the casino's: the feature declares
 * them in its folder and types a connection or transaction with them where its queries need them.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** Tables by name, each a row type. */
export type FeatureTables = Record<string, object>;

/** The casino's database typed with a feature's tables `T` as well. */
export type FeatureDb<T extends FeatureTables> = Kysely<Database & T>;

/** The function that types a connection or transaction with a feature's tables `T` as well. */
export function featureDb<T extends FeatureTables>(): (db: Kysely<Database>) => FeatureDb<T> {
  return (db) => db.withTables<T>();
}
