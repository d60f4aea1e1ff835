/**
 * Money-moving POSTs run through here: one database transaction per request, and with an
 * `Idempotency-Key` header a retry from the same player returns the first answer (same status and
 * body) and moves nothing twice. A success's answer is stored inside the transaction that moved
 * the money; an expected refusal is stored after its rollback.
 */
import type { Request, Response } from "express";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { runInTransaction } from "../db/transaction.ts";
import type { CasinoServices } from "../services.ts";
import { type Failure, failure } from "./failures.ts";
import { refuse, sendFailure, userSessionOf } from "./respond.ts";

/** What a money-moving body answers: a success to send, or an expected failure (rolled back). */
export type Reply = { ok: true; status: number; body: unknown } | Failure;

/** A stored first answer. */
type StoredReply = { status: number; body: string };

/** Keys are kept this long; a retry after that is a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;

/** A success reply with status 200. */
export function ok(body: unknown): Reply {
  return { ok: true, status: 200, body };
}

async function findStored(
  db: Kysely<Database>,
  scope: string,
  key: string,
): Promise<StoredReply | undefined> {
  const row = await db
    .selectFrom("idempotency_keys")
    .select(["status_code", "body"])
    .where("scope", "=", scope)
    .where("key", "=", key)
    .executeTakeFirst();
  return row ? { status: Number(row.status_code), body: row.body } : undefined;
}

function sendStored(res: Response, stored: StoredReply): void {
  res
    .status(stored.status)
    .setHeader("Idempotent-Replayed", "true")
    .type("application/json")
    .send(stored.body);
}

/** True for a unique-constraint violation (a concurrent request stored the same key first). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === "23505" || (typeof e?.message === "string" && e.message.includes("UNIQUE constraint failed"))
  );
}

/** Runs a money-moving body once per Idempotency-Key (or once, without a key) and answers the request. */
export async function runMoneyMove(
  services: CasinoServices,
  req: Request,
  res: Response,
  work: (trx: Kysely<Database>) => Promise<Reply>,
): Promise<void> {
  const session = userSessionOf(res);
  const key = req.get("Idempotency-Key");
  if (key !== undefined && !KEY_FORMAT.test(key)) {
    refuse(services, req, res, failure("idempotency/bad_key"), { type: "invalid_input", severity: "low" });
    return;
  }
  const scope = `${session.userId} ${req.method} ${req.baseUrl}${req.path}`;
  const db = services.handle.db;
  if (key !== undefined) {
    const stored = await findStored(db, scope, key);
    if (stored) return sendStored(res, stored);
  }
  type Outcome = Reply | { ok: true; stored: StoredReply };
  let outcome: Outcome;
  try {
    outcome = await runInTransaction<Outcome>(services.handle, async (trx) => {
      if (key !== undefined) {
        const stored = await findStored(trx, scope, key);
        if (stored) return { ok: true, stored };
      }
      const reply = await work(trx);
      if (reply.ok && key !== undefined) {
        await trx
          .insertInto("idempotency_keys")
          .values({
            scope,
            key,
            status_code: reply.status,
            body: JSON.stringify(reply.body),
            created_at: services.now(),
          })
          .execute();
      }
      return reply;
    });
  } catch (error) {
    if (key === undefined || !isUniqueViolation(error)) throw error;
    const stored = await findStored(db, scope, key);
    if (!stored) throw error;
    return sendStored(res, stored);
  }
  if ("stored" in outcome) return sendStored(res, outcome.stored);
  if (outcome.ok) {
    res.status(outcome.status).json(outcome.body);
    return;
  }
  if (key !== undefined && outcome.status < 500) {
    const stored = await db
      .insertInto("idempotency_keys")
      .values({
        scope,
        key,
        status_code: outcome.status,
        body: JSON.stringify({ code: outcome.code, message: outcome.message }),
        created_at: services.now(),
      })
      .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
      .executeTakeFirst();
    // A concurrent request with the same key answered first: its answer is the answer.
    if (Number(stored.numInsertedOrUpdatedRows ?? 0n) !== 1) {
      const first = await findStored(db, scope, key);
      if (first) return sendStored(res, first);
    }
  }
  sendFailure(res, outcome);
}

/** Scope prefix of answers kept for good (a deposit's first answer per chain transaction id). */
export const PERMANENT_SCOPE_PREFIX = "txn:";

/** Forgets request keys older than the TTL (run from the server's maintenance timer). */
export async function pruneIdempotencyKeys(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .deleteFrom("idempotency_keys")
    .where("created_at", "<", now - IDEMPOTENCY_TTL_MS)
    .where("scope", "not like", `${PERMANENT_SCOPE_PREFIX}%`)
    .execute();
}
