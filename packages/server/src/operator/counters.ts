/**
 * The monitors' counters and last reports, kept in the database so several server processes add to
 * the same figures: counters are added to (work done) or set (gauges such as tables monitored).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { operatorDb } from "./db.ts";

/** Counter values by name. */
export type Counters = Record<string, number>;

/** Adds each delta to its counter (creating it at the delta); one statement, so concurrent adds never lose one. */
export function addCounters(
  db: Kysely<Database>,
  persona: string,
  deltas: Counters,
  now: number,
): Promise<void> {
  return writeCounters(db, persona, deltas, now, "add");
}

/** Sets gauges to their current values. */
export function setCounters(
  db: Kysely<Database>,
  persona: string,
  values: Counters,
  now: number,
): Promise<void> {
  return writeCounters(db, persona, values, now, "set");
}

/** Upserts a persona's counters, adding to or replacing what is stored, in one statement. */
async function writeCounters(
  db: Kysely<Database>,
  persona: string,
  values: Counters,
  now: number,
  mode: "add" | "set",
): Promise<void> {
  const rows = Object.entries(values).map(([name, value]) => ({ persona, name, value, updated_at: now }));
  if (rows.length === 0) return;
  await operatorDb(db)
    .insertInto("operator_counters")
    .values(rows)
    .onConflict((oc) =>
      oc.columns(["persona", "name"]).doUpdateSet((eb) => ({
        value:
          mode === "add"
            ? eb("operator_counters.value", "+", eb.ref("excluded.value"))
            : eb.ref("excluded.value"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .execute();
}

/** Every persona's counters (missing counters are simply absent). */
export async function readCounters(db: Kysely<Database>): Promise<Record<string, Counters>> {
  const rows = await operatorDb(db).selectFrom("operator_counters").selectAll().execute();
  const byPersona: Record<string, Counters> = {};
  for (const row of rows) {
    byPersona[row.persona] = { ...byPersona[row.persona], [row.name]: Number(row.value) };
  }
  return byPersona;
}

/** Stores a persona's last report (replacing the previous one). */
export async function saveReport(
  db: Kysely<Database>,
  persona: string,
  body: unknown,
  now: number,
): Promise<void> {
  const text = JSON.stringify(body);
  await operatorDb(db)
    .insertInto("operator_reports")
    .values({ persona, body: text, updated_at: now })
    .onConflict((oc) => oc.column("persona").doUpdateSet({ body: text, updated_at: now }))
    .execute();
}

/** A stored report with the time it was written. */
export interface StoredReport<T = unknown> {
  body: T;
  updatedAt: number;
}

/** A persona's last report, if it has run. */
export async function readReport<T>(
  db: Kysely<Database>,
  persona: string,
): Promise<StoredReport<T> | undefined> {
  const row = await operatorDb(db)
    .selectFrom("operator_reports")
    .selectAll()
    .where("persona", "=", persona)
    .executeTakeFirst();
  return row ? { body: JSON.parse(row.body) as T, updatedAt: Number(row.updated_at) } : undefined;
}
