/**
 * Filter values that partial indexes match on, written into the SQL as literals: SQLite re-plans
 * a statement on every run when a bound parameter decides whether a partial index applies.
 */
import { sql } from "kysely";

/** `is_active = 1`: the active seed of a user. */
export const ACTIVE_SEED = sql.lit<number>(1);

/** `status = 'open'`: rounds still waiting for the player. */
export const OPEN_STATUS = sql.lit<"open">("open");

/** `status = 'live'`: poker hands being dealt. */
export const LIVE_HAND = sql.lit<"live">("live");

/** `status = 'voided'`: poker hands called off (their chips went back). */
export const VOIDED_HAND = sql.lit<"voided">("voided");
