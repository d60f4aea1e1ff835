/** Which money store serves a query builder: chosen per database adapter, below every caller. */
import { isPostgres } from "../db/builder-dialect.ts";
import type { QueryBuilder } from "../db/steps.ts";
import type { MoneyStore } from "./money-store.ts";
import { postgresMoneyStore } from "./postgres/postgres-money-store.ts";
import { sqliteMoneyStore } from "./sqlite-money-store.ts";

/** The money store of the builder's database. */
export function moneyStoreOf(q: QueryBuilder): MoneyStore {
  return isPostgres(q) ? postgresMoneyStore : sqliteMoneyStore;
}
