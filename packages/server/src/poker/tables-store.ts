/**
 * Poker table rows: the catalogue's tables are inserted once (a restart finds them and inserts
 * nothing), a kind's tables are listed for the lobby, and a new table of a kind is opened when all
 * of its tables are full.
 */
import type { Kysely } from "kysely";
import { createTimeOrderedId } from "../db/ids.ts";
import { prepareQuery } from "../db/prepared.ts";
import type { Database } from "../db/schema.ts";
import { type QueryBuilder, runWriteUnread, type Steps } from "../db/steps.ts";
import { SEEDED_TABLES, type TableKind, unitsPerChip } from "./catalogue.ts";
import { type PokerTablesTable, pokerDb } from "./db.ts";

/** A table's fixed settings, in chips: its kind's settings plus its own name and counters. */
export interface PokerTableInfo extends Omit<TableKind, "clonePrefix"> {
  id: string;
  name: string;
  unitsPerChip: number;
  seeded: boolean;
  sortOrder: number;
  handCount: number;
}

/** A row as the service uses it. */
export function toTableInfo(row: PokerTablesTable): PokerTableInfo {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    currency: row.currency,
    smallBlind: Number(row.small_blind),
    bigBlind: Number(row.big_blind),
    buyInMin: Number(row.buy_in_min),
    buyInMax: Number(row.buy_in_max),
    maxPlayers: Number(row.max_players),
    unitsPerChip: Number(row.units_per_chip),
    hasBots: Number(row.has_bots) === 1,
    seeded: Number(row.seeded) === 1,
    sortOrder: Number(row.sort_order),
    handCount: Number(row.hand_count),
  };
}

function newRow(kind: TableKind, id: string, name: string, seeded: boolean, sortOrder: number, now: number) {
  return {
    id,
    name,
    kind: kind.kind,
    currency: kind.currency,
    small_blind: kind.smallBlind,
    big_blind: kind.bigBlind,
    buy_in_min: kind.buyInMin,
    buy_in_max: kind.buyInMax,
    max_players: kind.maxPlayers,
    units_per_chip: unitsPerChip(kind.currency),
    has_bots: kind.hasBots ? 1 : 0,
    seeded: seeded ? 1 : 0,
    sort_order: sortOrder,
    hand_count: 0,
    created_at: now,
    lease_owner: null,
    lease_expires_at: null,
  } satisfies PokerTablesTable;
}

/** Inserts the catalogue's tables that are missing; returns how many were created. */
export async function seedPokerTables(db: Kysely<Database>, now: number): Promise<number> {
  let created = 0;
  for (const table of SEEDED_TABLES) {
    const result = await pokerDb(db)
      .insertInto("poker_tables")
      .values(newRow(table, table.id, table.name, true, table.sortOrder, now))
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    created += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return created;
}

/** Every table in lobby order. */
export async function listTableRows(db: Kysely<Database>): Promise<PokerTableInfo[]> {
  const rows = await pokerDb(db)
    .selectFrom("poker_tables")
    .selectAll()
    .orderBy("sort_order")
    .orderBy("created_at")
    .execute();
  return rows.map(toTableInfo);
}

/** One table, if it exists. */
export async function findTableRow(db: Kysely<Database>, id: string): Promise<PokerTableInfo | undefined> {
  const row = await pokerDb(db)
    .selectFrom("poker_tables")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toTableInfo(row) : undefined;
}

/** Opens another table of a kind (named "<prefix> <n>"), because every table of it is full. */
export async function createTableOfKind(
  db: Kysely<Database>,
  kind: TableKind,
  now: number,
): Promise<PokerTableInfo> {
  const existing = await pokerDb(db)
    .selectFrom("poker_tables")
    .select(["name", "sort_order"])
    .where("kind", "=", kind.kind)
    .execute();
  const names = new Set(existing.map((r) => r.name));
  const sortOrder = Math.max(0, ...existing.map((r) => Number(r.sort_order)));
  let n = existing.length + 1;
  while (names.has(`${kind.clonePrefix} ${n}`)) n++;
  const row = newRow(
    kind,
    `${kind.kind.replace(/_/g, "-")}-${createTimeOrderedId(now).slice(-12)}`,
    `${kind.clonePrefix} ${n}`,
    false,
    sortOrder,
    now,
  );
  await pokerDb(db).insertInto("poker_tables").values(row).execute();
  return toTableInfo(row);
}

const saveHandCountQuery = prepareQuery((q, p: { tableId: string; handCount: number }) =>
  pokerDb(q).updateTable("poker_tables").set({ hand_count: p.handCount }).where("id", "=", p.tableId),
);

/** Saves how many hands a table has dealt (so hand numbers go on after a restart), as transaction steps. */
export function* saveHandCountSteps(q: QueryBuilder, tableId: string, handCount: number): Steps<void> {
  yield* runWriteUnread(saveHandCountQuery(q, { tableId, handCount }));
}
