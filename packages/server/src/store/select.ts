/** Which money store serves a query builder: chosen once per database adapter, below every caller. */
import { PostgresAdapter } from "kysely";
import type { QueryBuilder } from "../db/steps.ts";
import type { MoneyStore } from "./money-store.ts";
import { postgresMoneyStore } from "./postgres/postgres-money-store.ts";
import { sqliteMoneyStore } from "./sqlite-money-store.ts";

/** The money store of the builder's database. */
export function moneyStoreOf(q: QueryBuilder): MoneyStore {
  return isPostgres(q) ? postgresMoneyStore : sqliteMoneyStore;
}

/** True when the builder's database is PostgreSQL (for statements outside the money store that fuse writes there too). */
export function isPostgres(q: QueryBuilder): boolean {
  return q.getExecutor().adapter instanceof PostgresAdapter;
}
