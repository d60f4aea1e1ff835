/** Checking in tests that statements on SQLite read through an index, not every row of a table. */

import type SQLite from "better-sqlite3";
import { forgetPreparedStatements } from "./steps.ts";

/** Runs `work` and returns the SQL of every distinct statement it ran on the connection. */
export async function recordStatements(
  sqlite: SQLite.Database,
  work: () => Promise<unknown>,
): Promise<string[]> {
  const statements: string[] = [];
  // Statements are prepared once per connection: forgotten first, each one the work runs is prepared (and seen) again.
  forgetPreparedStatements(sqlite);
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((text: string) => {
    statements.push(text);
    return prepare(text);
  }) as typeof sqlite.prepare;
  try {
    await work();
  } finally {
    sqlite.prepare = prepare;
  }
  return statements;
}

/** The steps of a statement's plan that read a whole table (`SCAN t` with no index), for the tables named. */
export function fullTableScans(sqlite: SQLite.Database, text: string, tables: readonly string[]): string[] {
  const parameters = (text.match(/\?/g) ?? []).length;
  const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...Array(parameters).fill(0)) as {
    detail: string;
  }[];
  return plan
    .map((row) => row.detail)
    .filter((detail) => {
      const scanned = /^SCAN (\S+)(.*)$/.exec(detail);
      return !!scanned && tables.includes(scanned[1]!) && !/USING/.test(scanned[2]!);
    });
}
