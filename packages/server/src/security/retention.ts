/**
 * Security-event retention: events whose last occurrence is older than the window are deleted in
 * small batches (a short transaction each, the event loop free between them), so the table cannot
 * grow without bound. The dashboard's figures cover the events within the window.
 */
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "../db/schema.ts";

/** How long security events are kept after their last occurrence. */
export const SECURITY_EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Rows deleted per batch. */
const BATCH_SIZE = 500;

/** Deletes events older than the window, batch by batch; resolves how many rows went. */
export async function pruneSecurityEvents(
  db: Kysely<Database>,
  now: number,
  options: { retentionMs?: number; batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  const before = now - (options.retentionMs ?? SECURITY_EVENT_RETENTION_MS);
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const maxBatches = options.maxBatches ?? 1000;
  let removed = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const ids = await db
      .selectFrom("security_events")
      .select("id")
      .where(sql<number>`coalesce(last_seen, created_at)`, "<", before)
      .orderBy("id")
      .limit(batchSize)
      .execute();
    if (ids.length === 0) break;
    await db
      .deleteFrom("security_events")
      .where(
        "id",
        "in",
        ids.map((r) => r.id),
      )
      .execute();
    removed += ids.length;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return removed;
}
