/**
 * Round trips to the stores the casino depends on, shared by the readiness check (/readyz) and the
 * latency gauges of /metrics. Each resolves with the time taken or rejects with the reason.
 */
import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";

/** How long a probe may take before it counts as failed, ms. */
export const PROBE_TIMEOUT_MS = 2000;

/** Runs `probe`, rejecting after `timeoutMs`; resolves with the seconds it took. */
export async function timeProbe(
  probe: () => Promise<unknown>,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<number> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([probe(), timeout]);
    return (performance.now() - started) / 1000;
  } finally {
    clearTimeout(timer);
  }
}

/** A trivial statement on the casino database. */
export function pingDatabase(handle: DatabaseHandle): Promise<unknown> {
  return sql`SELECT 1`.execute(handle.db);
}

/**
 * Rejects unless every migration this build knows (those the handle was brought up to at start,
 * src/migrations.ts) has been applied, and when the handle was never migrated.
 */
export async function checkMigrations(handle: DatabaseHandle): Promise<void> {
  const known = handle.migrations;
  if (!known) throw new Error("the database was not migrated by this process");
  const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(handle.db);
  const applied = new Set(rows.rows.map((row) => row.name));
  const pending = known.filter((name) => !applied.has(name));
  if (pending.length > 0) throw new Error(`pending migrations: ${pending.join(", ")}`);
}
