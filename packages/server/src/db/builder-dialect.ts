/** Which database a step body's query builder compiles for, for the few statements fused on PostgreSQL only. */
import { PostgresAdapter } from "kysely";
import type { QueryBuilder } from "./steps.ts";

/** True when the builder's database is PostgreSQL (prepared-query templates are per adapter too). */
export function isPostgres(q: QueryBuilder): boolean {
  return q.getExecutor().adapter instanceof PostgresAdapter;
}
