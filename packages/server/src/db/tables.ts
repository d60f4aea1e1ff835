/**
 * Tables as data for the migrations: each column by name with its type, NOT NULL unless it says
 * otherwise, so that a migration reads like the table it creates.
 */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";
import type { Dialect } from "./connect.ts";

/** A column type as Kysely takes it ("text", "integer", "bigint" ...). */
type DataTypeExpression = Parameters<CreateTableBuilder<string, string>["addColumn"]>[1];

/** The 64-bit integer type of a dialect, for money, times and counters (SQLite's integer is 64-bit already). */
export function bigintOf(dialect: Dialect) {
  return dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
}

/** A column constraint besides NOT NULL: nullable, a one-column primary key, or a builder of its own. */
type Constraint = "null" | "primary" | ((column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder);

/** A column: its type alone (NOT NULL), or its type with another constraint. */
export type ColumnSpec = DataTypeExpression | readonly [DataTypeExpression, Constraint];

/** What a table adds after its columns: composite primary keys and checks. */
type FinishTable = (table: CreateTableBuilder<string, string>) => CreateTableBuilder<string, string>;

/** The column builder of a constraint. */
function constrain(constraint: Constraint | undefined) {
  if (constraint === "null") return (column: ColumnDefinitionBuilder) => column;
  if (constraint === "primary") return (column: ColumnDefinitionBuilder) => column.primaryKey();
  return constraint ?? ((column: ColumnDefinitionBuilder) => column.notNull());
}

/** Creates a table with its columns in the order given; `finish` adds composite keys and checks. */
export async function createTableOf(
  db: Kysely<unknown>,
  table: string,
  columns: Record<string, ColumnSpec>,
  finish: FinishTable = (builder) => builder,
): Promise<void> {
  let builder: CreateTableBuilder<string, string> = db.schema.createTable(table);
  for (const [name, spec] of Object.entries(columns)) {
    const [type, constraint] = Array.isArray(spec) ? (spec as [DataTypeExpression, Constraint]) : [spec];
    builder = builder.addColumn(name, type as DataTypeExpression, constrain(constraint));
  }
  await finish(builder).execute();
}

/** Creates a plain index of a table over the given columns. */
export async function createIndexOn(
  db: Kysely<unknown>,
  index: string,
  table: string,
  columns: string[],
): Promise<void> {
  await db.schema.createIndex(index).on(table).columns(columns).execute();
}
