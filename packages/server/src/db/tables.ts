/**
 * Migrations as data: a migration lists the tables, columns and indexes it creates, each column by
 * name with its PostgreSQL type, NOT NULL unless it says otherwise, so that a migration reads like
 * the schema it makes. The one place that knows how SQLite spells a type differently is here.
 */
import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type RawBuilder,
  sql,
} from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "./dialect.ts";

/**
 * A column type by its PostgreSQL name. On SQLite `bigint` (money, times, counters) is `integer`,
 * which is 64-bit there already, and `bigserial` is an `integer` key that counts up by itself.
 */
export type ColumnType = "text" | "integer" | "bigint" | "bigserial";

/** What a column says after its type, in SQL's words: NOT NULL unless it says `null`. */
type ColumnModifier = "" | " null" | " primary key" | " unique" | " null unique";

/** A column built by hand, for a default or a check. */
type ColumnBuilder = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** A column: its type and modifier ("text", "bigint null", "text primary key"), or its type and a builder. */
export type ColumnSpec = `${ColumnType}${ColumnModifier}` | readonly [ColumnType, ColumnBuilder];

/** What a table declares after its columns; the composite primary key is named `<table>_pk`. */
export interface TableKeys {
  primaryKey?: readonly string[];
  /** Unique constraints by name, each over its columns. */
  unique?: Record<string, readonly string[]>;
  /** Check constraints by name. */
  checks?: Record<string, RawBuilder<unknown>>;
  /** Plain indexes created with the table, by name, each over its columns. */
  indexes?: Record<string, readonly string[]>;
}

/** Which rows a partial index covers: each column equal to its value. */
type IndexedRows = Record<string, string | number>;

/** One step of a migration, run against a database of one dialect. */
export type SchemaStep = (db: Kysely<unknown>, dialect: Dialect) => Promise<void>;

/** The column builder of a modifier; `counter` makes a primary key count up by itself (SQLite's bigserial). */
function modifierBuilder(modifier: string, counter: boolean): ColumnBuilder {
  if (modifier === "null") return (column) => column;
  if (modifier === "primary key")
    return (column) => (counter ? column.primaryKey().autoIncrement() : column.primaryKey());
  if (modifier === "unique") return (column) => column.notNull().unique();
  if (modifier === "null unique") return (column) => column.unique();
  return (column) => column.notNull();
}

/** The type and column builder of a column on a dialect. */
function columnOn(dialect: Dialect, spec: ColumnSpec) {
  const [type, build] =
    typeof spec === "string"
      ? ([spec.split(" ", 1)[0] as ColumnType, undefined] as const)
      : ([spec[0], spec[1]] as const);
  const counter = type === "bigserial" && dialect === "sqlite";
  const typeOnDialect = dialect === "sqlite" && type.startsWith("big") ? "integer" : type;
  const modifier = typeof spec === "string" ? spec.slice(type.length).trim() : "";
  return [typeOnDialect, build ?? modifierBuilder(modifier, counter)] as const;
}

/** Creates a table with its columns in the order given, its keys and checks, then its indexes. */
export function table(name: string, columns: Record<string, ColumnSpec>, keys: TableKeys = {}): SchemaStep {
  return async (db, dialect) => {
    let builder: CreateTableBuilder<string, string> = db.schema.createTable(name);
    for (const [column, spec] of Object.entries(columns))
      builder = builder.addColumn(column, ...columnOn(dialect, spec));
    if (keys.primaryKey) builder = builder.addPrimaryKeyConstraint(`${name}_pk`, [...keys.primaryKey]);
    for (const [constraint, unique] of Object.entries(keys.unique ?? {}))
      builder = builder.addUniqueConstraint(constraint, [...unique]);
    for (const [constraint, check] of Object.entries(keys.checks ?? {}))
      builder = builder.addCheckConstraint(constraint, check);
    await builder.execute();
    for (const [indexName, columns] of Object.entries(keys.indexes ?? {}))
      await index(indexName, name, columns)(db, dialect);
  };
}

/** Adds columns to an existing table, one statement each (SQLite adds one column at a time). */
export function addColumns(name: string, columns: Record<string, ColumnSpec>): SchemaStep {
  return async (db, dialect) => {
    for (const [column, spec] of Object.entries(columns))
      await db.schema
        .alterTable(name)
        .addColumn(column, ...columnOn(dialect, spec))
        .execute();
  };
}

/** Creates an index of a table over the given columns: unique, or partial over the rows `where` names. */
export function index(
  name: string,
  tableName: string,
  columns: readonly string[],
  options: { unique?: boolean; where?: IndexedRows } = {},
): SchemaStep {
  return async (db) => {
    let builder = db.schema
      .createIndex(name)
      .on(tableName)
      .columns([...columns]);
    if (options.unique) builder = builder.unique();
    for (const [column, value] of Object.entries(options.where ?? {}))
      builder = builder.where(sql.ref(column), "=", value);
    await builder.execute();
  };
}

/** Drops an index. */
export function dropIndex(name: string): SchemaStep {
  return async (db) => {
    await db.schema.dropIndex(name).execute();
  };
}

/** A migration of one dialect that runs its steps in order. */
export function schemaMigration(...steps: SchemaStep[]): (dialect: Dialect) => Migration {
  return (dialect) => ({
    async up(db: Kysely<unknown>) {
      for (const step of steps) await step(db, dialect);
    },
  });
}
