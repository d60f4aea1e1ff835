/**
 * Connecting a wallet (POST /api/users): checks the identity rules of DESIGN.md section 3, creates
 * the player on first connect (1000 HC grant and, on the simulated chain, a faucet of AMINA, in the
 * same transaction as the user row) and opens a fresh session.
 */
import { randomUUID } from "node:crypto";
import { type Failure, failure, NEW_USER_HC } from "@casino/protocol";
import type { Kysely } from "kysely";
import { consumeChallenge } from "../auth/challenges.ts";
import { classifyWallet, defaultUsername, type WalletKind } from "../auth/identity.ts";
import { verifyWalletProof, type WalletProof } from "../auth/proof.ts";
import { createSessionToken, openSession, type SessionRecord } from "../auth/sessions.ts";
import type { Database } from "../db/schema.ts";
import { runInTransaction } from "../db/transaction.ts";
import { grant } from "../ledger/ledger.ts";
import type { CasinoServices } from "../services.ts";
import { foldUsername, normalizeUsername, refusePickedUsername } from "./usernames.ts";
import { findUserByUsernameKey, type UserView, viewUser } from "./users.ts";

/** What POST /api/users carries. */
export interface ConnectRequest extends WalletProof {
  walletAddress: string;
  username?: string | undefined;
  challengeId?: string | undefined;
}

/** A connected wallet: the user and the new session token; `created` when this call made the user. */
export type ConnectResult =
  | { ok: true; user: UserView; token: string; created: boolean }
  | (Failure & { details: string });

function refused(code: Parameters<typeof failure>[0], details: string): Failure & { details: string } {
  return { ...failure(code), details };
}

/** Checks the proof of a real address (single-use challenge + signature); demo identities need none. */
async function checkProof(
  services: CasinoServices,
  request: ConnectRequest,
): Promise<ConnectResult | undefined> {
  if (!request.challengeId || (!request.signature && !request.signedTransaction)) {
    return refused("auth/proof_required", "real address without challengeId and signature");
  }
  const used = await consumeChallenge(
    services.handle.db,
    request.challengeId,
    request.walletAddress,
    services.now(),
  );
  if (!used.ok) return refused("auth/challenge_invalid", `challenge ${used.reason}`);
  const proof = verifyWalletProof(request.walletAddress, used.challenge, request);
  if (!proof.ok) return refused(proof.code, proof.details);
  return undefined;
}

/**
 * The name a new player gets: the one they picked (refused when it reads as a staff word, a
 * generated name or a name already held), or their generated name, which falls back to one made
 * from the user id in the rare case that another address ends in the same 8 characters.
 */
async function chooseUsername(
  trx: Kysely<Database>,
  request: ConnectRequest,
  id: string,
): Promise<{ ok: true; username: string; key: string } | (Failure & { details: string })> {
  if (request.username !== undefined) {
    const username = normalizeUsername(request.username);
    const refusal = refusePickedUsername(username);
    if (refusal) return refused(refusal, `picked username ${JSON.stringify(username)}`);
    const key = foldUsername(username);
    if (await findUserByUsernameKey(trx, key))
      return refused("user/username_taken", `username key ${key} is held`);
    return { ok: true, username, key };
  }
  const compactId = id.replace(/-/g, "");
  for (const username of [defaultUsername(request.walletAddress), `cosmic_${compactId.slice(0, 8)}`]) {
    const key = foldUsername(username);
    if (!(await findUserByUsernameKey(trx, key))) return { ok: true, username, key };
  }
  return { ok: true, username: `cosmic_${compactId}`, key: foldUsername(`cosmic_${compactId}`) };
}

/** Whether a database error is the unique username key refusing a name taken concurrently. */
function isUsernameClash(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | undefined;
  return (
    e?.constraint === "users_username_key" ||
    (typeof e?.message === "string" && e.message.includes("users.username_key"))
  );
}

/** Records the faucet transfer that gave a new wallet its first simulated AMINA. */
async function fundWallet(services: CasinoServices, trx: Kysely<Database>, userId: string, address: string) {
  const transfer = await services.chain.fundNewWallet(trx, address);
  if (!transfer) return;
  await trx
    .insertInto("crypto_transactions")
    .values({
      id: randomUUID(),
      user_id: userId,
      type: "faucet",
      currency: "AMINA",
      amount: transfer.amount,
      txn_hash: transfer.id,
      status: "confirmed",
      created_at: transfer.createdAt,
    })
    .execute();
}

/**
 * Creates a player: the user row, demo ownership, the new-user grant and (when the faucet's release
 * allows it, chain/faucet.ts) the faucet, all in `trx`.
 */
async function createPlayer(
  services: CasinoServices,
  trx: Kysely<Database>,
  request: ConnectRequest,
  kind: WalletKind,
  ownerTokenHash: string,
  faucet: boolean,
): Promise<{ ok: true; id: string | undefined } | (Failure & { details: string })> {
  const id = randomUUID();
  const name = await chooseUsername(trx, request, id);
  if (!name.ok) return name;
  const inserted = await trx
    .insertInto("users")
    .values({
      id,
      wallet_address: request.walletAddress,
      username: name.username,
      username_key: name.key,
      kind,
      created_at: services.now(),
    })
    .onConflict((oc) => oc.column("wallet_address").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return { ok: true, id: undefined };
  if (kind === "demo") {
    await trx.insertInto("demo_owners").values({ user_id: id, owner_token_hash: ownerTokenHash }).execute();
  }
  await grant(services.handle, { userId: id, currency: "HC", amount: NEW_USER_HC, reason: "new_user", trx });
  if (faucet) await fundWallet(services, trx, id, request.walletAddress);
  return { ok: true, id };
}

/**
 * Connects a wallet for the session `current` (if any) and opens a new session for it; a wallet
 * created here is funded by the faucet only when `options.faucet()` (asked after the proof is
 * checked) says the faucet's release allows it.
 */
export async function connectWallet(
  services: CasinoServices,
  request: ConnectRequest,
  current: SessionRecord | undefined,
  options: { faucet: () => Promise<boolean> },
): Promise<ConnectResult> {
  const kind = classifyWallet(request.walletAddress);
  if (!kind.ok) return refused("auth/invalid_address", "malformed wallet address");
  if (kind.kind === "algorand") {
    const proofFailure = await checkProof(services, request);
    if (proofFailure) return proofFailure;
  }
  const faucet = await options.faucet();
  try {
    return await openConnection(services, request, current, kind.kind, faucet);
  } catch (error) {
    if (isUsernameClash(error)) return refused("user/username_taken", "username key taken concurrently");
    throw error;
  }
}

/** The transaction of a connect: find or create the user, check demo ownership, open the session. */
function openConnection(
  services: CasinoServices,
  request: ConnectRequest,
  current: SessionRecord | undefined,
  kind: WalletKind,
  faucet: boolean,
): Promise<ConnectResult> {
  const fresh = createSessionToken();
  return runInTransaction<ConnectResult>(services.handle, async (trx) => {
    let created = false;
    let user = await trx
      .selectFrom("users")
      .selectAll()
      .where("wallet_address", "=", request.walletAddress)
      .executeTakeFirst();
    if (!user) {
      const owner = current?.tokenHash ?? fresh.tokenHash;
      const made = await createPlayer(services, trx, request, kind, owner, faucet);
      if (!made.ok) return made;
      created = made.id !== undefined;
      user = await trx
        .selectFrom("users")
        .selectAll()
        .where("wallet_address", "=", request.walletAddress)
        .executeTakeFirstOrThrow();
    }
    if (!created && user.kind === "demo") {
      const owner = await trx
        .selectFrom("demo_owners")
        .select("owner_token_hash")
        .where("user_id", "=", user.id)
        .executeTakeFirst();
      if (!owner || owner.owner_token_hash !== current?.tokenHash) {
        return refused("auth/demo_taken", `demo identity ${request.walletAddress} named by another session`);
      }
    }
    const session = await openSession(trx, user.id, services.now(), fresh, current?.tokenHash);
    return { ok: true, user: await viewUser(trx, user), token: session.token, created };
  });
}
