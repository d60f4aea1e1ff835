/**
 * The operator tables as kysely sees them (created by the "0200_security" migration), added to the
 * casino's Database type here so operator code stays in its folder.
 */
import { type FeatureDb, featureDb } from "../db/feature-tables.ts";

/** A dashboard login: only the SHA-256 of the bearer token is kept, until it expires. */
export interface OperatorTokensTable {
  token_hash: string;
  created_at: number;
  expires_at: number;
}

/** One counter of a monitor (persona stats), shared by every process through the database. */
export interface OperatorCountersTable {
  persona: string;
  name: string;
  value: number;
  updated_at: number;
}

/** A monitor's last report (JSON), for the comprehensive view and de-duplicated alerts. */
export interface OperatorReportsTable {
  persona: string;
  body: string;
  updated_at: number;
}

/** The operator tables by name. */
export type OperatorTables = {
  operator_tokens: OperatorTokensTable;
  operator_counters: OperatorCountersTable;
  operator_reports: OperatorReportsTable;
};

/** A Kysely that knows the casino's tables and the operator's. */
export type OperatorDb = FeatureDb<OperatorTables>;

/** The same connection or transaction, typed with the operator tables. */
export const operatorDb = featureDb<OperatorTables>();
