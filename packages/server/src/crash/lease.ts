/**
 * Which process hosts a currency's Supernova rounds: the holder of the unexpired lease on its chain
 * row. Taking the lease bumps its epoch, the fence: the host writes its rounds only under its own
 * epoch, so a host that lost the lease (stalled, partitioned) cannot touch the rounds of the next
 * one, and the round service settles each bet once whoever tries.
 */
import type { Currency } from "@casino/protocol";
import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import { crashDb } from "./tables.ts";

/** How long a lease lasts without renewal. */
export const CRASH_LEASE_TTL_MS = 10_000;

/** Takes the lease when it is free, expired or this owner's; answers the new epoch, or undefined. */
export async function acquireCrashLease(
  handle: DatabaseHandle,
  currency: Currency,
  owner: string,
  now: number,
  ttlMs = CRASH_LEASE_TTL_MS,
): Promise<number | undefined> {
  const row = await crashDb(handle.db)
    .updateTable("crash_chains")
    .set({ lease_owner: owner, lease_expires_at: now + ttlMs, lease_epoch: sql`lease_epoch + 1` })
    .where("currency", "=", currency)
    .where((eb) =>
      eb.or([eb("lease_owner", "is", null), eb("lease_owner", "=", owner), eb("lease_expires_at", "<", now)]),
    )
    .returning("lease_epoch")
    .executeTakeFirst();
  return row ? Number(row.lease_epoch) : undefined;
}

/** Renews the lease of this owner and epoch; false when it was lost. */
export async function renewCrashLease(
  handle: DatabaseHandle,
  currency: Currency,
  owner: string,
  epoch: number,
  now: number,
  ttlMs = CRASH_LEASE_TTL_MS,
): Promise<boolean> {
  const result = await crashDb(handle.db)
    .updateTable("crash_chains")
    .set({ lease_expires_at: now + ttlMs })
    .where("currency", "=", currency)
    .where("lease_owner", "=", owner)
    .where("lease_epoch", "=", epoch)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the lease up (a clean shutdown): another process may host at once. */
export async function releaseCrashLease(
  handle: DatabaseHandle,
  currency: Currency,
  owner: string,
  epoch: number,
): Promise<void> {
  await crashDb(handle.db)
    .updateTable("crash_chains")
    .set({ lease_owner: null, lease_expires_at: null })
    .where("currency", "=", currency)
    .where("lease_owner", "=", owner)
    .where("lease_epoch", "=", epoch)
    .execute();
}

/** The owner of a currency's live lease, if any (where a cluster sends the currency's players). */
export async function findCrashHost(
  handle: Pick<DatabaseHandle, "db">,
  currency: Currency,
  now: number,
): Promise<string | undefined> {
  const row = await crashDb(handle.db)
    .selectFrom("crash_chains")
    .select(["lease_owner", "lease_expires_at"])
    .where("currency", "=", currency)
    .executeTakeFirst();
  if (!row?.lease_owner || row.lease_expires_at === null || Number(row.lease_expires_at) < now)
    return undefined;
  return row.lease_owner;
}
