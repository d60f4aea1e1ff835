/**
 * The feed's reads by id: one query for a batch of ids (none for an empty batch), its rows keyed by
 * id. Used for the players' names, the revealed rounds and the committed rounds of a batch.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** Reads the rows of some ids from a database, each row's value keyed by its id. */
export type ReadByIds<Value> = (db: Kysely<Database>, ids: readonly string[]) => Promise<Map<string, Value>>;

/** A reader that runs `query` for the ids (skipped when there are none) and keys `toValue` of each row. */
export function readerByIds<Row extends { id: string }, Value>(
  query: (db: Kysely<Database>, ids: string[]) => Promise<Row[]>,
  toValue: (row: Row) => Value,
): ReadByIds<Value> {
  return async (db, ids) => {
    const found = new Map<string, Value>();
    if (ids.length === 0) return found;
    for (const row of await query(db, [...ids])) found.set(row.id, toValue(row));
    return found;
  };
}
