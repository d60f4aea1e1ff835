/**
 * "Busy": the database could not take a lock within the short wait the casino allows (another
 * process holds a write transaction, a checkpoint is truncating the WAL). Nothing was changed;
 * the same request may succeed a moment later.
 */

/** SQLite's busy and locked result codes, with their extended forms (SQLITE_BUSY_SNAPSHOT, ...). */
const SQLITE_BUSY_CODE = /^SQLITE_(BUSY|LOCKED)(_[A-Z]+)?$/;

/** PostgreSQL's lock_not_available (a lock_timeout ran out). */
const PG_LOCK_NOT_AVAILABLE = "55P03";

/** True when `error` is the database saying it is busy: the work was not done and may be tried again later. */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return false;
  return SQLITE_BUSY_CODE.test(code) || code === PG_LOCK_NOT_AVAILABLE;
}
