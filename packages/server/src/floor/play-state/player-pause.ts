/** A player's pause as PLAY_STATE carries it, read from their responsible-gaming row. */
import { type PlayerPause, sessionLimitClock } from "@casino/protocol/schemas/play-state";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { applyDueChanges, parseState } from "../../responsible/state.ts";
import { responsibleDb } from "../../responsible/store.ts";

/** The player's exclusion and session-limit clock at `now` (nothing set: no pause). */
export async function readPlayerPause(
  db: Kysely<Database>,
  userId: string,
  now: number,
): Promise<PlayerPause> {
  const row = await responsibleDb(db)
    .selectFrom("responsible_gaming")
    .select("state")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return { exclusion: null, sessionLimit: null };
  const state = applyDueChanges(parseState(row.state), now);
  const exclusion = state.exclusion && state.exclusion.until > now ? state.exclusion : null;
  return {
    exclusion: exclusion ? { kind: exclusion.kind, until: exclusion.until } : null,
    sessionLimit: sessionLimitClock(state.sessionMinutes, state.session, now),
  };
}
