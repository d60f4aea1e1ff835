/**
 * One UPDATE for many rows that each get their own value: `CASE key WHEN k0 THEN v0 ... END`,
 * over named slots `key0`, `value0`, `key1`, ... of a prepared query. Inside an open PostgreSQL
 * transaction each statement is a round trip, so a hand's stacks are saved in one.
 */
import { type RawBuilder, sql } from "kysely";

/** The keys of `count` slots (`key0`, `key1`, ...), for the statement's `IN` filter. */
export function slotKeys<K>(p: Record<string, unknown>, count: number): K[] {
  return Array.from({ length: count }, (_, i) => p[`key${i}`] as K);
}

/** `CASE column WHEN key_i THEN CAST(value_i AS bigint) ... END` over `count` slots. */
export function bigintByKey(column: string, p: Record<string, unknown>, count: number): RawBuilder<number> {
  const whens = Array.from(
    { length: count },
    (_, i) => sql`WHEN ${p[`key${i}`]} THEN CAST(${p[`value${i}`]} AS bigint)`,
  );
  return sql<number>`CASE ${sql.ref(column)} ${sql.join(whens, sql` `)} END`;
}

/** The slot values of key/value pairs, by the names bigintByKey and slotKeys read. */
export function keyValueSlots(pairs: readonly (readonly [unknown, unknown])[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  pairs.forEach(([key, value], i) => {
    values[`key${i}`] = key;
    values[`value${i}`] = value;
  });
  return values;
}
