/**
 * The open gaps of PostgreSQL entry ids: ids are drawn before commit, so an id missing below the
 * highest visible one may still commit later. A gap is kept with the xmax of the snapshot that saw
 * it and re-read each run until every transaction that could fill it has ended (increment.ts).
 */
import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/** Entry ids first..last not visible when they were seen, and the xmax of the snapshot that saw them. */
export interface EntryGap {
  first: number;
  last: number;
  xmax: number;
}

/** Entries after the checkpoint up to the highest visible id, and those in the checkpoint's open gaps. */
export function newEntryFilter(
  from: number,
  through: number,
  gaps: readonly EntryGap[],
): RawBuilder<SqlBool> {
  const ranges = [
    sql`(id > ${from} and id <= ${through})`,
    ...gaps.map((g) => sql`(id between ${g.first} and ${g.last})`),
  ];
  return sql<SqlBool>`(${sql.join(ranges, sql` or `)})`;
}

/** A PostgreSQL snapshot's bounds: every xid below xmin has ended; none at or above xmax is visible. */
export interface SnapshotXids {
  xmin: number;
  xmax: number;
}

/** The current snapshot's xmin and xmax. */
export async function snapshotXids(db: Kysely<Database>): Promise<SnapshotXids> {
  const { rows } = await sql<{ xmin: string; xmax: string }>`
    select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
           pg_snapshot_xmax(pg_current_snapshot())::text as xmax`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("no snapshot");
  return { xmin: Number(row.xmin), xmax: Number(row.xmax) };
}

/** The id ranges in (from, through] with no visible entry, dated with this snapshot's xmax. */
export async function findGaps(
  db: Kysely<Database>,
  from: number,
  through: number,
  xmax: number,
): Promise<EntryGap[]> {
  if (through <= from) return [];
  const { rows } = await sql<{ first: number; last: number }>`
    select prev + 1 as first, id - 1 as last from (
      select id, lag(id, 1, ${from}::bigint) over (order by id) as prev
      from ledger_entries where id > ${from} and id <= ${through}
    ) t
    where id - prev > 1`.execute(db);
  return rows.map((r) => ({ first: Number(r.first), last: Number(r.last), xmax }));
}

/**
 * The parts of old gaps still without a visible entry. A gap whose every possible writer has
 * ended (this snapshot's xmin has passed the xmax it was seen with) was rolled back: dropped.
 */
export async function stillMissing(
  db: Kysely<Database>,
  gaps: readonly EntryGap[],
  xmin: number,
): Promise<EntryGap[]> {
  const open = gaps.filter((g) => g.xmax > xmin);
  if (open.length === 0) return [];
  const seen = await db
    .selectFrom("ledger_entries")
    .select("id")
    .where(
      sql<SqlBool>`(${sql.join(
        open.map((g) => sql`(id between ${g.first} and ${g.last})`),
        sql` or `,
      )})`,
    )
    .orderBy("id")
    .execute();
  const ids = seen.map((r) => Number(r.id));
  const remaining: EntryGap[] = [];
  for (const gap of open) {
    let next = gap.first;
    for (const id of ids) {
      if (id < gap.first || id > gap.last) continue;
      if (id > next) remaining.push({ first: next, last: id - 1, xmax: gap.xmax });
      next = id + 1;
    }
    if (next <= gap.last) remaining.push({ first: next, last: gap.last, xmax: gap.xmax });
  }
  return remaining;
}
