/**
 * Reading and writing the Sit & Go rows. Numbers are read through Number() (PostgreSQL returns
 * bigint columns as strings).
 */
import type { Kysely, Updateable } from "kysely";
import { isPostgres } from "../../db/builder-dialect.ts";
import type { Database } from "../../db/schema.ts";
import { fetchFirst, type QueryBuilder, runWrite, type Steps } from "../../db/steps.ts";
import { type TournamentEntriesTable, type TournamentsTable, tournamentDb } from "./db.ts";

/** A tournament row with numbers as numbers. */
export type Tournament = TournamentsTable;
/** An entry row with numbers as numbers. */
export type Entry = TournamentEntriesTable;

/** The row with `numbers` read as numbers and `nullableNumbers` as numbers or null. */
function withNumbers<Row extends object>(
  row: Row,
  numbers: readonly (keyof Row)[],
  nullableNumbers: readonly (keyof Row)[],
): Row {
  const read: Record<string, number | null> = {};
  for (const column of numbers) read[column as string] = Number(row[column]);
  for (const column of nullableNumbers) {
    const value = row[column];
    read[column as string] = value === null || value === undefined ? null : Number(value);
  }
  return { ...row, ...read };
}

/** A tournament row as stored, with its numbers as numbers. */
function toTournament(r: TournamentsTable): Tournament {
  return withNumbers(
    r,
    ["max_players", "buy_in", "fee", "starting_stack", "level_ms", "hand_count", "created_at", "host_token"],
    ["bot_fill_ms", "first_registered_at", "started_at", "finished_at", "host_expires_at"],
  );
}

/** An entry row as stored, with its numbers as numbers. */
function toEntry(r: TournamentEntriesTable): Entry {
  return withNumbers(r, ["registered_at", "stack"], ["seat", "bust_hand", "bust_stack", "place", "prize"]);
}

/** Every column of the tournaments. */
function selectTournaments(db: Kysely<Database>) {
  return tournamentDb(db).selectFrom("tournaments").selectAll();
}

/** The tournament whose `column` holds `value`, if any. */
async function findTournamentWhere(
  db: Kysely<Database>,
  column: "id" | "table_id",
  value: string,
): Promise<Tournament | undefined> {
  const row = await selectTournaments(db).where(column, "=", value).executeTakeFirst();
  return row ? toTournament(row) : undefined;
}

/** An update of one entry's columns. */
function updateEntry(
  q: QueryBuilder,
  tournamentId: string,
  playerId: string,
  values: Updateable<TournamentEntriesTable>,
) {
  return tournamentDb(q)
    .updateTable("tournament_entries")
    .set(values)
    .where("tournament_id", "=", tournamentId)
    .where("player_id", "=", playerId);
}

/** Stores a new tournament. */
export async function insertTournament(db: Kysely<Database>, t: Tournament): Promise<void> {
  await tournamentDb(db).insertInto("tournaments").values(t).execute();
}

/**
 * Reads a tournament and locks its row until the transaction ends (an UPDATE ... RETURNING; SQLite
 * runs one writer at a time): registrations, unregistrations, bot fills and the start of one
 * tournament therefore count its entries one after the other, in every process.
 */
export async function lockTournament(trx: Kysely<Database>, id: string): Promise<Tournament | undefined> {
  const row = await tournamentDb(trx)
    .updateTable("tournaments")
    .set((eb) => ({ hand_count: eb.ref("hand_count") }))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row ? toTournament(row) : undefined;
}

/** One tournament. */
export function findTournament(db: Kysely<Database>, id: string): Promise<Tournament | undefined> {
  return findTournamentWhere(db, "id", id);
}

/** Tournaments in a status, oldest first. */
export async function listTournamentsIn(
  db: Kysely<Database>,
  statuses: Tournament["status"][],
): Promise<Tournament[]> {
  const rows = await selectTournaments(db).where("status", "in", statuses).orderBy("created_at").execute();
  return rows.map(toTournament);
}

/** The latest finished tournaments. */
export async function listFinishedTournaments(db: Kysely<Database>, limit: number): Promise<Tournament[]> {
  const rows = await selectTournaments(db)
    .where("status", "=", "finished")
    .orderBy("finished_at", "desc")
    .limit(limit)
    .execute();
  return rows.map(toTournament);
}

/** A tournament's entries in registration order. */
export async function listEntries(db: Kysely<Database>, tournamentId: string): Promise<Entry[]> {
  const rows = await tournamentDb(db)
    .selectFrom("tournament_entries")
    .selectAll()
    .where("tournament_id", "=", tournamentId)
    .orderBy("registered_at")
    .orderBy("player_id")
    .execute();
  return rows.map(toEntry);
}

/** Stores an entry (a player registered twice fails on the primary key). */
export async function insertEntry(db: Kysely<Database>, e: Entry): Promise<void> {
  await tournamentDb(db).insertInto("tournament_entries").values(e).execute();
}

/** Removes an entry; returns whether there was one. */
export async function deleteEntry(
  db: Kysely<Database>,
  tournamentId: string,
  playerId: string,
): Promise<boolean> {
  const result = await tournamentDb(db)
    .deleteFrom("tournament_entries")
    .where("tournament_id", "=", tournamentId)
    .where("player_id", "=", playerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Sets when the first player registered (the House bots' wait counts from it). */
export async function setFirstRegisteredAt(
  db: Kysely<Database>,
  id: string,
  at: number | null,
): Promise<void> {
  await tournamentDb(db)
    .updateTable("tournaments")
    .set({ first_registered_at: at })
    .where("id", "=", id)
    .execute();
}

/** Starts a tournament: status, clock and each entry's seat and starting stack; false if it was not registering. */
export async function markStarted(
  db: Kysely<Database>,
  t: { id: string; startedAt: number; stack: number },
  seats: readonly { playerId: string; seat: number }[],
): Promise<boolean> {
  const result = await tournamentDb(db)
    .updateTable("tournaments")
    .set({ status: "running", started_at: t.startedAt })
    .where("id", "=", t.id)
    .where("status", "=", "registering")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  for (const { playerId, seat } of seats)
    await updateEntry(db, t.id, playerId, { seat, stack: t.stack }).execute();
  return true;
}

/** A seated entry's stack after a hand, as settlement steps. */
export function* saveEntryStackSteps(
  q: QueryBuilder,
  id: string,
  playerId: string,
  stack: number,
): Steps<void> {
  yield* runWrite(updateEntry(q, id, playerId, { stack }));
}

/** A bust: the hand, the stack it started with and the place, as settlement steps. */
export function* saveBustSteps(
  q: QueryBuilder,
  id: string,
  bust: { playerId: string; handNumber: number; startStack: number; place: number },
): Steps<void> {
  yield* runWrite(
    updateEntry(q, id, bust.playerId, {
      stack: 0,
      bust_hand: bust.handNumber,
      bust_stack: bust.startStack,
      place: bust.place,
    }),
  );
}

/**
 * The tournament's hand count (and, at the end, its finish), as settlement steps, written only under
 * the host token the table was resumed with: a host whose lease another process took (a higher
 * token) fails its whole settlement.
 */
export function* saveProgressSteps(
  q: QueryBuilder,
  id: string,
  hostToken: number,
  handCount: number,
  finishedAt: number | null,
): Steps<void> {
  const written = yield* runWrite(
    tournamentDb(q)
      .updateTable("tournaments")
      .set(
        finishedAt === null
          ? { hand_count: handCount }
          : { hand_count: handCount, status: "finished", finished_at: finishedAt },
      )
      .where("id", "=", id)
      .where("host_token", "=", hostToken),
  );
  if (written !== 1)
    throw new Error(`tournament ${id}: host token ${hostToken} is stale, the hand is not stored`);
}

/**
 * Records a prize once: the payout row (primary key tournament + position) is inserted only if
 * absent; answers whether this call inserted it (and so must move the money).
 */
export function* claimPayoutSteps(
  q: QueryBuilder,
  payout: {
    tournamentId: string;
    position: number;
    playerId: string;
    place: number;
    amount: number;
    paidAt: number;
  },
): Steps<boolean> {
  const inserted = yield* runWrite(
    tournamentDb(q)
      .insertInto("tournament_payouts")
      .values({
        tournament_id: payout.tournamentId,
        position: payout.position,
        player_id: payout.playerId,
        place: payout.place,
        amount: payout.amount,
        paid_at: payout.paidAt,
      })
      .onConflict((oc) => oc.doNothing()),
  );
  if (inserted !== 1) return false;
  yield* runWrite(
    updateEntry(q, payout.tournamentId, payout.playerId, { place: payout.place, prize: payout.amount }),
  );
  return true;
}

/**
 * Whether the tournament's lease still carries `hostToken`, as a step of the transaction that
 * stores a new hand; on PostgreSQL the row is share-locked until commit, so a takeover (which
 * voids the live hands it finds) is ordered after that hand.
 */
export function* holdsHostSteps(q: QueryBuilder, id: string, hostToken: number): Steps<boolean> {
  const query = tournamentDb(q)
    .selectFrom("tournaments")
    .select("id")
    .where("id", "=", id)
    .where("host_token", "=", hostToken);
  return (yield* fetchFirst(isPostgres(q) ? query.forShare() : query)) !== undefined;
}

/** The tournament played at a table (`sng-<id>`), if the table is a tournament's. */
export async function findTournamentByTable(
  db: Kysely<Database>,
  tableId: string,
): Promise<Tournament | undefined> {
  if (!tableId.startsWith("sng-")) return undefined;
  return findTournamentWhere(db, "table_id", tableId);
}
