/**
 * Reading and writing the Sit & Go rows. Numbers are read through Number() (PostgreSQL returns
 * bigint columns as strings).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { type QueryBuilder, runWrite, type Steps } from "../../db/steps.ts";
import { type TournamentEntriesTable, type TournamentsTable, tournamentDb } from "./db.ts";

/** A tournament row with numbers as numbers. */
export type Tournament = TournamentsTable;
/** An entry row with numbers as numbers. */
export type Entry = TournamentEntriesTable;

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toTournament(r: TournamentsTable): Tournament {
  return {
    ...r,
    max_players: num(r.max_players),
    buy_in: num(r.buy_in),
    fee: num(r.fee),
    starting_stack: num(r.starting_stack),
    level_ms: num(r.level_ms),
    bot_fill_ms: numOrNull(r.bot_fill_ms),
    hand_count: num(r.hand_count),
    created_at: num(r.created_at),
    first_registered_at: numOrNull(r.first_registered_at),
    started_at: numOrNull(r.started_at),
    finished_at: numOrNull(r.finished_at),
  };
}

function toEntry(r: TournamentEntriesTable): Entry {
  return {
    ...r,
    registered_at: num(r.registered_at),
    seat: numOrNull(r.seat),
    stack: num(r.stack),
    bust_hand: numOrNull(r.bust_hand),
    bust_stack: numOrNull(r.bust_stack),
    place: numOrNull(r.place),
    prize: numOrNull(r.prize),
  };
}

/** Stores a new tournament. */
export async function insertTournament(db: Kysely<Database>, t: Tournament): Promise<void> {
  await tournamentDb(db).insertInto("tournaments").values(t).execute();
}

/** One tournament. */
export async function findTournament(db: Kysely<Database>, id: string): Promise<Tournament | undefined> {
  const row = await tournamentDb(db)
    .selectFrom("tournaments")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toTournament(row) : undefined;
}

/** Tournaments in a status, oldest first. */
export async function listTournamentsIn(
  db: Kysely<Database>,
  statuses: Tournament["status"][],
): Promise<Tournament[]> {
  const rows = await tournamentDb(db)
    .selectFrom("tournaments")
    .selectAll()
    .where("status", "in", statuses)
    .orderBy("created_at")
    .execute();
  return rows.map(toTournament);
}

/** The latest finished tournaments. */
export async function listFinishedTournaments(db: Kysely<Database>, limit: number): Promise<Tournament[]> {
  const rows = await tournamentDb(db)
    .selectFrom("tournaments")
    .selectAll()
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
  const tdb = tournamentDb(db);
  const result = await tdb
    .updateTable("tournaments")
    .set({ status: "running", started_at: t.startedAt })
    .where("id", "=", t.id)
    .where("status", "=", "registering")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  for (const { playerId, seat } of seats)
    await tdb
      .updateTable("tournament_entries")
      .set({ seat, stack: t.stack })
      .where("tournament_id", "=", t.id)
      .where("player_id", "=", playerId)
      .execute();
  return true;
}

/** A seated entry's stack after a hand, as settlement steps. */
export function* saveEntryStackSteps(
  q: QueryBuilder,
  id: string,
  playerId: string,
  stack: number,
): Steps<void> {
  yield* runWrite(
    tournamentDb(q)
      .updateTable("tournament_entries")
      .set({ stack })
      .where("tournament_id", "=", id)
      .where("player_id", "=", playerId),
  );
}

/** A bust: the hand, the stack it started with and the place, as settlement steps. */
export function* saveBustSteps(
  q: QueryBuilder,
  id: string,
  bust: { playerId: string; handNumber: number; startStack: number; place: number },
): Steps<void> {
  yield* runWrite(
    tournamentDb(q)
      .updateTable("tournament_entries")
      .set({ stack: 0, bust_hand: bust.handNumber, bust_stack: bust.startStack, place: bust.place })
      .where("tournament_id", "=", id)
      .where("player_id", "=", bust.playerId),
  );
}

/** The tournament's hand count (and, at the end, its finish), as settlement steps. */
export function* saveProgressSteps(
  q: QueryBuilder,
  id: string,
  handCount: number,
  finishedAt: number | null,
): Steps<void> {
  yield* runWrite(
    tournamentDb(q)
      .updateTable("tournaments")
      .set(
        finishedAt === null
          ? { hand_count: handCount }
          : { hand_count: handCount, status: "finished", finished_at: finishedAt },
      )
      .where("id", "=", id),
  );
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
  const tdb = tournamentDb(q);
  const inserted = yield* runWrite(
    tdb
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
    tdb
      .updateTable("tournament_entries")
      .set({ place: payout.place, prize: payout.amount })
      .where("tournament_id", "=", payout.tournamentId)
      .where("player_id", "=", payout.playerId),
  );
  return true;
}

/** The tournament played at a table (`sng-<id>`), if the table is a tournament's. */
export async function findTournamentByTable(
  db: Kysely<Database>,
  tableId: string,
): Promise<Tournament | undefined> {
  if (!tableId.startsWith("sng-")) return undefined;
  const row = await tournamentDb(db)
    .selectFrom("tournaments")
    .selectAll()
    .where("table_id", "=", tableId)
    .executeTakeFirst();
  return row ? toTournament(row) : undefined;
}
