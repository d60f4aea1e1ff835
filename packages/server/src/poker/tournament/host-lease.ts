/**
 * One host per running tournament, by a fenced lease on its row: the process hosting the table holds
 * `host_owner` until `host_expires_at` and renews it while it runs; taking the lease (a start, a
 * takeover after the host died) adds one to `host_token`, and every hand's settlement writes only
 * under the token its host took (store.ts saveProgressSteps), so a stale host can store nothing.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { tournamentDb } from "./db.ts";

/**
 * Takes the lease of a running tournament when it is free, expired, or this process's own from
 * before a restart; answers the new fencing token, or undefined when another live process hosts it.
 */
export async function acquireTournamentHost(
  db: Kysely<Database>,
  tournamentId: string,
  owner: string,
  now: number,
  ttlMs: number,
): Promise<number | undefined> {
  const row = await tournamentDb(db)
    .updateTable("tournaments")
    .set((eb) => ({
      host_owner: owner,
      host_expires_at: now + ttlMs,
      host_token: eb("host_token", "+", 1),
    }))
    .where("id", "=", tournamentId)
    .where("status", "=", "running")
    .where((eb) =>
      eb.or([eb("host_owner", "is", null), eb("host_owner", "=", owner), eb("host_expires_at", "<", now)]),
    )
    .returning("host_token")
    .executeTakeFirst();
  return row ? Number(row.host_token) : undefined;
}

/** An update of the tournament's row that touches it only while `owner` holds its lease under `token`. */
function updateHeld(db: Kysely<Database>, tournamentId: string, owner: string, token: number) {
  return tournamentDb(db)
    .updateTable("tournaments")
    .where("id", "=", tournamentId)
    .where("host_owner", "=", owner)
    .where("host_token", "=", token);
}

/** Renews the leases this process holds under their tokens; answers the tournaments whose lease was lost. */
export async function renewTournamentHosts(
  db: Kysely<Database>,
  held: ReadonlyMap<string, number>,
  owner: string,
  now: number,
  ttlMs: number,
): Promise<string[]> {
  const lost: string[] = [];
  for (const [id, token] of held) {
    const renewed = await updateHeld(db, id, owner, token)
      .set({ host_expires_at: now + ttlMs })
      .executeTakeFirst();
    if (Number(renewed.numUpdatedRows) !== 1) lost.push(id);
  }
  return lost;
}

/** Gives a lease up (clean shutdown, or the tournament finished), unless another host took it meanwhile. */
export async function releaseTournamentHost(
  db: Kysely<Database>,
  tournamentId: string,
  owner: string,
  token: number,
): Promise<void> {
  await updateHeld(db, tournamentId, owner, token).set({ host_owner: null, host_expires_at: null }).execute();
}

/** The process hosting a running tournament's table under a live lease, if any. */
export async function findTournamentHost(
  db: Kysely<Database>,
  tableId: string,
  now: number,
): Promise<string | undefined> {
  const row = await tournamentDb(db)
    .selectFrom("tournaments")
    .select(["host_owner", "host_expires_at"])
    .where("table_id", "=", tableId)
    .where("status", "=", "running")
    .executeTakeFirst();
  if (!row?.host_owner || Number(row.host_expires_at) < now) return undefined;
  return row.host_owner;
}
