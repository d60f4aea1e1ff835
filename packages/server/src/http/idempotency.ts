/**
 * Idempotency-Key for every money-moving POST. A retry from the same player with the same key and
 * the same request (method, path and body, hashed) returns the first answer (same status and body)
 * and moves nothing twice; the same key with a different request is refused with 422.
 * - Cashier and game moves (`runMoneyMove`): one database transaction per request; a success's
 *   answer is stored inside the transaction that moved the money, an expected refusal after its rollback.
 * - Poker moves (`runPokerMove`): the money moves inside the table's own queue and transaction, so the
 *   key is claimed inside that transaction (a provisional answer) and the full answer stored right after.
 * A concurrent retry with the same key loses the unique key and is answered with the first answer.
 */
import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { runInTransaction } from "../db/transaction.ts";
import type { PokerFailure } from "../poker/failures.ts";
import type { ExtraWork } from "../poker/table-core.ts";
import { PERMANENT_SCOPE_PREFIX, type Reply } from "../replies.ts";
import type { CasinoServices } from "../services.ts";
import { failure } from "./failures.ts";
import { refuse, sendFailure, userSessionOf } from "./respond.ts";

/** A poker move's answer: the body to send, or an expected failure. */
export type PokerReply = { ok: true; body: Record<string, unknown> } | PokerFailure;

/** Keys are kept this long; a retry after that is a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;

/** The request's path as the key's scope names it (no query string). */
function pathOf(request: FastifyRequest): string {
  const query = request.url.indexOf("?");
  return query < 0 ? request.url : request.url.slice(0, query);
}

/** A stored first answer and the hash of the request it answered (null: stored before hashes were kept). */
type StoredAnswer = { status_code: number; body: string; request_hash: string | null };

/** A request's key, the player's scope it lives in, and the hash of what the request asks. */
interface KeyedRequest {
  scope: string;
  key: string;
  hash: string;
}

/**
 * The request's key (undefined without an Idempotency-Key header), or "refused" when the key is
 * malformed (a 400 has been sent).
 */
function keyedRequestOf(
  services: CasinoServices,
  request: FastifyRequest,
  reply: FastifyReply,
): KeyedRequest | undefined | "refused" {
  const header = request.headers["idempotency-key"];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header.join(", ") : header;
  if (!KEY_FORMAT.test(key)) {
    refuse(services, request, reply, failure("idempotency/bad_key"), {
      type: "invalid_input",
      severity: "low",
    });
    return "refused";
  }
  const path = pathOf(request);
  const hash = createHash("sha256")
    .update(`${request.method} ${path}\n${JSON.stringify(request.sentBody ?? null)}`)
    .digest("base64url");
  return { scope: `${userSessionOf(request).userId} ${request.method} ${path}`, key, hash };
}

async function findStored(db: Kysely<Database>, keyed: KeyedRequest): Promise<StoredAnswer | undefined> {
  return db
    .selectFrom("idempotency_keys")
    .select(["status_code", "body", "request_hash"])
    .where("scope", "=", keyed.scope)
    .where("key", "=", keyed.key)
    .executeTakeFirst();
}

/** Sends the stored first answer, or 422 when the key was first used for a different request. */
function answerStored(
  services: CasinoServices,
  request: FastifyRequest,
  reply: FastifyReply,
  keyed: KeyedRequest,
  stored: StoredAnswer,
): void {
  if (stored.request_hash !== null && stored.request_hash !== keyed.hash) {
    refuse(services, request, reply, failure("idempotency/key_reused"), {
      type: "invalid_input",
      severity: "low",
    });
    return;
  }
  reply
    .code(Number(stored.status_code))
    .header("Idempotent-Replayed", "true")
    .type("application/json; charset=utf-8")
    .send(stored.body);
}

/** True for a unique-constraint violation (a concurrent request stored the same key first). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === "23505" || (typeof e?.message === "string" && e.message.includes("UNIQUE constraint failed"))
  );
}

/** After a lost race for the key: answers with the first answer, or rethrows when there is none. */
async function answerRace(
  services: CasinoServices,
  request: FastifyRequest,
  reply: FastifyReply,
  keyed: KeyedRequest | undefined,
  error: unknown,
): Promise<void> {
  if (keyed === undefined || !isUniqueViolation(error)) throw error;
  const stored = await findStored(services.handle.db, keyed);
  if (!stored) throw error;
  answerStored(services, request, reply, keyed, stored);
}

/**
 * Answers a request whose key already has a stored answer (or a malformed key); resolves whether it
 * answered. Routes call it before checks a retry would fail (a repeated leave is no longer seated).
 */
export async function replayStoredAnswer(
  services: CasinoServices,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const keyed = keyedRequestOf(services, request, reply);
  if (keyed === "refused") return true;
  if (keyed === undefined) return false;
  const stored = await findStored(services.handle.db, keyed);
  if (!stored) return false;
  answerStored(services, request, reply, keyed, stored);
  return true;
}

/** Stores an expected refusal's answer unless another is stored; resolves the stored one if so. */
async function storeRefusal(
  services: CasinoServices,
  keyed: KeyedRequest,
  status: number,
  body: string,
): Promise<StoredAnswer | undefined> {
  const db = services.handle.db;
  const inserted = await db
    .insertInto("idempotency_keys")
    .values({ ...keyRow(services, keyed), status_code: status, body })
    .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return undefined;
  return findStored(db, keyed);
}

function keyRow(services: CasinoServices, keyed: KeyedRequest) {
  return { scope: keyed.scope, key: keyed.key, request_hash: keyed.hash, created_at: services.now() };
}

/** Runs a money-moving body once per Idempotency-Key (or once, without a key) and answers the request. */
export async function runMoneyMove(
  services: CasinoServices,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (trx: Kysely<Database>) => Promise<Reply>,
): Promise<void> {
  const keyed = keyedRequestOf(services, request, reply);
  if (keyed === "refused") return;
  if (keyed !== undefined) {
    const stored = await findStored(services.handle.db, keyed);
    if (stored) return answerStored(services, request, reply, keyed, stored);
  }
  type Outcome = Reply | { ok: true; stored: StoredAnswer };
  let outcome: Outcome;
  try {
    outcome = await runInTransaction<Outcome>(services.handle, async (trx) => {
      if (keyed !== undefined) {
        const stored = await findStored(trx, keyed);
        if (stored) return { ok: true, stored };
      }
      const answer = await work(trx);
      if (answer.ok && keyed !== undefined) {
        await trx
          .insertInto("idempotency_keys")
          .values({
            ...keyRow(services, keyed),
            status_code: answer.status,
            body: JSON.stringify(answer.body),
          })
          .execute();
      }
      return answer;
    });
  } catch (error) {
    return answerRace(services, request, reply, keyed, error);
  }
  if ("stored" in outcome)
    return answerStored(services, request, reply, keyed as KeyedRequest, outcome.stored);
  if (outcome.ok) {
    reply.code(outcome.status).send(outcome.body);
    return;
  }
  if (keyed !== undefined && outcome.status < 500) {
    const body = JSON.stringify({ code: outcome.code, message: outcome.message });
    // A concurrent request with the same key answered first: its answer is the answer.
    const first = await storeRefusal(services, keyed, outcome.status, body);
    if (first) return answerStored(services, request, reply, keyed, first);
  }
  sendFailure(reply, outcome);
}

/** Runs a poker money move once per Idempotency-Key and answers the request. */
export async function runPokerMove(
  services: CasinoServices,
  request: FastifyRequest,
  reply: FastifyReply,
  provisional: Record<string, unknown>,
  work: (claimKey: ExtraWork | undefined) => Promise<PokerReply>,
): Promise<void> {
  const keyed = keyedRequestOf(services, request, reply);
  if (keyed === "refused") return;
  const db = services.handle.db;
  if (keyed !== undefined) {
    const stored = await findStored(db, keyed);
    if (stored) return answerStored(services, request, reply, keyed, stored);
  }
  const claimKey: ExtraWork | undefined =
    keyed === undefined
      ? undefined
      : async (trx) => {
          await trx
            .insertInto("idempotency_keys")
            .values({ ...keyRow(services, keyed), status_code: 200, body: JSON.stringify(provisional) })
            .execute();
        };
  let answer: PokerReply;
  try {
    answer = await work(claimKey);
  } catch (error) {
    return answerRace(services, request, reply, keyed, error);
  }
  if (keyed !== undefined) {
    const status = answer.ok ? 200 : answer.status;
    const body = JSON.stringify(answer.ok ? answer.body : { code: answer.code, message: answer.message });
    if (answer.ok) {
      // A success replaces its provisional answer (or stores one when the move claimed no key).
      await db
        .insertInto("idempotency_keys")
        .values({ ...keyRow(services, keyed), status_code: status, body })
        .onConflict((oc) => oc.columns(["scope", "key"]).doUpdateSet({ status_code: status, body }))
        .execute();
    } else if (status < 500) {
      // A refusal never overwrites a stored answer.
      const first = await storeRefusal(services, keyed, status, body);
      if (first) return answerStored(services, request, reply, keyed, first);
    }
  }
  if (answer.ok) reply.send(answer.body);
  else sendFailure(reply, { ok: false, status: answer.status, code: answer.code, message: answer.message });
}

/** Forgets request keys older than the TTL (run from the server's maintenance timer). */
export async function pruneIdempotencyKeys(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .deleteFrom("idempotency_keys")
    .where("created_at", "<", now - IDEMPOTENCY_TTL_MS)
    .where("scope", "not like", `${PERMANENT_SCOPE_PREFIX}%`)
    .execute();
}
