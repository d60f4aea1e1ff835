/**
 * Provably-fair seed pairs per user (DESIGN.md section 4): the active server seed is secret and
 * published only as its hash; each round reserves the current nonce, which advances at once.
 */

import { hashServerSeed, randomSeedHex } from "@casino/protocol";
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import { createTimeOrderedId } from "../db/ids.ts";
import { ACTIVE_SEED, OPEN_STATUS } from "../db/literals.ts";
import { prepareQuery } from "../db/prepared.ts";
import type { Database, FairSeedsTable } from "../db/schema.ts";
import { fetchFirst, type QueryBuilder, runWrite, type Steps } from "../db/steps.ts";
import { runSteps, runStepsIn } from "../db/transaction.ts";
import type { FairContext } from "./fair-context.ts";
import { forgetCachedSeed } from "./seed-cache.ts";

export type { FairContext } from "./fair-context.ts";

/** The seed record a player may see (SPEC.md section 3); the server seed itself stays secret. */
export interface PublicSeedInfo {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number; // the nonce the next round will use
  isActive: boolean;
}

/** Longest client seed accepted. */
export const MAX_CLIENT_SEED_LENGTH = 64;

/** A fresh random client seed: 16 hex characters. */
function randomClientSeed(): string {
  return randomSeedHex(8);
}

/** The active seed row of a user, created on first use (one active seed per user, by a unique index). */
export function* activeSeedSteps(q: QueryBuilder, userId: string, now = Date.now()): Steps<FairSeedsTable> {
  const select = q
    .selectFrom("fair_seeds")
    .selectAll()
    .where("user_id", "=", userId)
    .where("is_active", "=", ACTIVE_SEED);
  const existing = yield* fetchFirst(select);
  if (existing) return existing;
  yield* insertSeedSteps(q, userId, randomClientSeed(), now);
  const created = yield* fetchFirst(select);
  if (!created) throw new Error(`seeds: no active seed for ${userId} after creating one`);
  return created;
}

/** Inserts a fresh active seed unless the user already has one (a concurrent first use). */
function* insertSeedSteps(q: QueryBuilder, userId: string, clientSeed: string, now: number): Steps<number> {
  const serverSeed = randomSeedHex();
  return yield* runWrite(
    q
      .insertInto("fair_seeds")
      .values({
        id: createTimeOrderedId(),
        user_id: userId,
        server_seed: serverSeed,
        server_seed_hash: hashServerSeed(serverSeed),
        client_seed: clientSeed,
        next_nonce: 0,
        is_active: 1,
        created_at: now,
        revealed_at: null,
      })
      .onConflict((oc) => oc.doNothing()),
  );
}

/** Advances the active seed's nonce and returns the seed with the reserved (pre-increment) nonce. */
const advanceNonceQuery = prepareQuery((q, p: { userId: string }) =>
  q
    .updateTable("fair_seeds")
    .set((eb) => ({ next_nonce: eb("next_nonce", "+", 1) }))
    .where("user_id", "=", p.userId)
    .where("is_active", "=", ACTIVE_SEED)
    .returning(["id", "server_seed", "server_seed_hash", "client_seed", "next_nonce"]),
);

/** Reserves the next nonce of the user's active seed as steps: the nonce advances in the same statement. */
export function* reserveNonceSteps(q: QueryBuilder, userId: string, now = Date.now()): Steps<FairContext> {
  forgetCachedSeed(q, userId);
  const advance = advanceNonceQuery(q, { userId });
  let row = yield* fetchFirst(advance);
  if (!row) {
    yield* insertSeedSteps(q, userId, randomClientSeed(), now);
    row = yield* fetchFirst(advance);
    if (!row) throw new Error(`seeds: cannot reserve a nonce for ${userId}`);
  }
  return {
    seedId: row.id,
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: Number(row.next_nonce) - 1,
  };
}

/** The user's active seed pair inside the caller's transaction, created on first use. */
export function getActiveSeed(trx: Kysely<Database>, userId: string): Promise<FairSeedsTable> {
  return runStepsIn(trx, (q) => activeSeedSteps(q, userId));
}

/** Reserves the next nonce inside the caller's transaction, so no two rounds share one. */
export function reserveNonce(trx: Kysely<Database>, userId: string): Promise<FairContext> {
  return runStepsIn(trx, (q) => reserveNonceSteps(q, userId));
}

/** Turns a seed row into what the player may see. */
function toPublic(row: FairSeedsTable): PublicSeedInfo {
  return {
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: Number(row.next_nonce),
    isActive: Number(row.is_active) === 1,
  };
}

/** The seed panel's record; creates the user's first seed pair so its hash is committed before any bet. */
export function publicSeedInfo(db: Kysely<Database>, userId: string): Promise<PublicSeedInfo> {
  return runStepsIn(db, function* (q) {
    return toPublic(yield* activeSeedSteps(q, userId));
  });
}

/** Checks a player-chosen client seed: non-empty after trimming, at most 64 printable characters. */
export function checkClientSeed(
  clientSeed: unknown,
): { ok: true; clientSeed: string } | { ok: false; code: "seed/invalid_client_seed"; message: string } {
  if (typeof clientSeed !== "string" || clientSeed.trim() === "") {
    return { ok: false, code: "seed/invalid_client_seed", message: "Please enter a client seed" };
  }
  const trimmed = clientSeed.trim();
  if (trimmed.length > MAX_CLIENT_SEED_LENGTH || !/^[\x20-\x7e]+$/.test(trimmed)) {
    return {
      ok: false,
      code: "seed/invalid_client_seed",
      message: `Client seed must be 1 to ${MAX_CLIENT_SEED_LENGTH} printable ASCII characters`,
    };
  }
  return { ok: true, clientSeed: trimmed };
}

/** Answer of a client-seed update: the new public record, or why the seed was refused. */
export type UpdateClientSeedResult =
  | ({ ok: true } & PublicSeedInfo)
  | { ok: false; code: "seed/invalid_client_seed"; message: string };

/** Sets the player's client seed on the active pair; later rounds use it (open rounds keep theirs). */
export function updateClientSeed(
  handle: DatabaseHandle,
  userId: string,
  clientSeed: string,
): Promise<UpdateClientSeedResult> {
  const checked = checkClientSeed(clientSeed);
  if (!checked.ok) return Promise.resolve(checked);
  return runSteps(handle, function* (q): Steps<UpdateClientSeedResult> {
    forgetCachedSeed(q, userId);
    const now = Date.now();
    yield* activeSeedSteps(q, userId, now);
    yield* runWrite(
      q
        .updateTable("fair_seeds")
        .set({ client_seed: checked.clientSeed })
        .where("user_id", "=", userId)
        .where("is_active", "=", ACTIVE_SEED),
    );
    return { ok: true, ...toPublic(yield* activeSeedSteps(q, userId, now)) };
  });
}

/** Answer of a rotation: the revealed previous seed and the new commitment, or a refusal. */
export type RotateSeedResult =
  | {
      ok: true;
      previousServerSeed: string;
      previousServerSeedHash: string;
      previousClientSeed: string;
      previousNonce: number; // nonces 0 .. previousNonce - 1 were used with the revealed seed
      serverSeedHash: string;
      clientSeed: string;
      nonce: number;
    }
  | { ok: false; code: "seed/round_open"; message: string };

/**
 * Reveals the active server seed and commits to a new one (client seed kept, nonce 0). Refused
 * while the user has an open round, whose outcome still depends on the secret.
 */
export function rotateServerSeed(handle: DatabaseHandle, userId: string): Promise<RotateSeedResult> {
  return runSteps(handle, function* (q): Steps<RotateSeedResult> {
    forgetCachedSeed(q, userId);
    const now = Date.now();
    yield* activeSeedSteps(q, userId, now);
    // Deactivating first locks the seed row on PostgreSQL, so a round cannot open on it meanwhile.
    const previous = yield* fetchFirst(
      q
        .updateTable("fair_seeds")
        .set({ is_active: 0, revealed_at: now })
        .where("user_id", "=", userId)
        .where("is_active", "=", ACTIVE_SEED)
        .returningAll(),
    );
    if (!previous) throw new Error(`seeds: no active seed to rotate for ${userId}`);
    const open = yield* fetchFirst(
      q
        .selectFrom("game_rounds")
        .select("id")
        .where("user_id", "=", userId)
        .where("status", "=", OPEN_STATUS)
        .limit(1),
    );
    if (open) {
      return {
        ok: false,
        code: "seed/round_open",
        message: "Finish your open game before rotating the server seed",
      };
    }
    yield* insertSeedSteps(q, userId, previous.client_seed, now);
    const next = yield* activeSeedSteps(q, userId, now);
    return {
      ok: true,
      previousServerSeed: previous.server_seed,
      previousServerSeedHash: previous.server_seed_hash,
      previousClientSeed: previous.client_seed,
      previousNonce: Number(previous.next_nonce),
      serverSeedHash: next.server_seed_hash,
      clientSeed: next.client_seed,
      nonce: Number(next.next_nonce),
    };
  });
}
