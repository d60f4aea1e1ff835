/**
 * Reading and writing a player's responsible-gaming row inside the caller's transaction. Reading
 * touches the row (an UPDATE ... RETURNING), which locks it on PostgreSQL until commit, so
 * concurrent bets of one player are checked one after the other; SQLite runs one writer at a time.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { fetchFirst, type QueryBuilder, runWrite, type Steps } from "../db/steps.ts";
import { hasAnythingSet, parseState, type ResponsibleState } from "./state.ts";

/** The table as kysely sees it. */
export interface ResponsibleGamingTable {
  user_id: string;
  state: string;
  listed_until: number | null;
  created_at: number;
  updated_at: number;
}

/** The casino's database with the responsible-gaming table. */
export type ResponsibleDb = Kysely<Database & { responsible_gaming: ResponsibleGamingTable }>;

/** The same connection or transaction, typed with the responsible-gaming table. */
export function responsibleDb(q: QueryBuilder): ResponsibleDb {
  return q as unknown as ResponsibleDb;
}

/** Far future: a limit has no end, so the operator lists its player until it is removed. */
const FOREVER = 8_000_000_000_000;

/** Until when the operator's list shows the player, or null when nothing is set. */
export function listedUntil(state: ResponsibleState, now: number): number | null {
  if (!hasAnythingSet(state, now)) return null;
  const onlyExclusion =
    Object.keys(state.limits).length === 0 &&
    Object.keys(state.pending).length === 0 &&
    state.sessionMinutes === null;
  return onlyExclusion && state.exclusion ? state.exclusion.until : FOREVER;
}

/** Locks and reads a player's state; undefined when the player never set anything (one statement). */
export function* lockStateSteps(
  q: QueryBuilder,
  userId: string,
  now: number,
): Steps<ResponsibleState | undefined> {
  const row = yield* fetchFirst(
    responsibleDb(q)
      .updateTable("responsible_gaming")
      .set({ updated_at: now })
      .where("user_id", "=", userId)
      .returning("state"),
  );
  return row ? parseState(row.state) : undefined;
}

/** The columns that hold a state written at `now`. */
function stateColumns(state: ResponsibleState, now: number) {
  return { state: JSON.stringify(state), listed_until: listedUntil(state, now), updated_at: now };
}

/** Writes a player's state back (the row exists: it was locked first). */
export function* saveStateSteps(
  q: QueryBuilder,
  userId: string,
  state: ResponsibleState,
  now: number,
): Steps<void> {
  yield* runWrite(
    responsibleDb(q)
      .updateTable("responsible_gaming")
      .set(stateColumns(state, now))
      .where("user_id", "=", userId),
  );
}

/** Creates a player's row unless it exists (concurrent creations insert one). */
export const insertStateSteps: typeof saveStateSteps = function* (q, userId, state, now) {
  yield* runWrite(
    responsibleDb(q)
      .insertInto("responsible_gaming")
      .values({ user_id: userId, created_at: now, ...stateColumns(state, now) })
      .onConflict((oc) => oc.column("user_id").doNothing()),
  );
};
