/**
 * Idempotency-Key for the poker money moves (join, chip transactions, leave). Their money moves run
 * inside the table's own queue and transaction, so the key is claimed inside that transaction (a
 * provisional answer) and the full answer stored right after; a retry gets the stored answer, and
 * a concurrent retry with the same key loses the unique key and is answered with the first one.
 */
import type { Request, Response } from "express";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { PokerFailure } from "../poker/failures.ts";
import type { ExtraWork } from "../poker/table-core.ts";
import type { CasinoServices } from "../services.ts";
import { failure } from "./failures.ts";
import { refuse, sendFailure, userSessionOf } from "./respond.ts";

const KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;

/** A poker move's answer: the body to send, or an expected failure. */
export type PokerReply = { ok: true; body: Record<string, unknown> } | PokerFailure;

async function findStored(db: Kysely<Database>, scope: string, key: string) {
  return db
    .selectFrom("idempotency_keys")
    .select(["status_code", "body"])
    .where("scope", "=", scope)
    .where("key", "=", key)
    .executeTakeFirst();
}

function sendStored(res: Response, stored: { status_code: number; body: string }): void {
  res
    .status(Number(stored.status_code))
    .setHeader("Idempotent-Replayed", "true")
    .type("application/json")
    .send(stored.body);
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === "23505" || (typeof e?.message === "string" && e.message.includes("UNIQUE constraint failed"))
  );
}

/** Runs a poker money move once per Idempotency-Key and answers the request. */
export async function runPokerMove(
  services: CasinoServices,
  req: Request,
  res: Response,
  provisional: Record<string, unknown>,
  work: (claimKey: ExtraWork | undefined) => Promise<PokerReply>,
): Promise<void> {
  const session = userSessionOf(res);
  const key = req.get("Idempotency-Key");
  if (key !== undefined && !KEY_FORMAT.test(key)) {
    refuse(services, req, res, failure("idempotency/bad_key"), { type: "invalid_input", severity: "low" });
    return;
  }
  const db = services.handle.db;
  const scope = `${session.userId} ${req.method} ${req.baseUrl}${req.path}`;
  if (key !== undefined) {
    const stored = await findStored(db, scope, key);
    if (stored) return sendStored(res, stored);
  }
  const claimKey: ExtraWork | undefined =
    key === undefined
      ? undefined
      : async (trx) => {
          await trx
            .insertInto("idempotency_keys")
            .values({
              scope,
              key,
              status_code: 200,
              body: JSON.stringify(provisional),
              created_at: services.now(),
            })
            .execute();
        };
  let reply: PokerReply;
  try {
    reply = await work(claimKey);
  } catch (error) {
    if (key === undefined || !isUniqueViolation(error)) throw error;
    const stored = await findStored(db, scope, key);
    if (!stored) throw error;
    return sendStored(res, stored);
  }
  if (key !== undefined) {
    const status = reply.ok ? 200 : reply.status;
    const body = JSON.stringify(reply.ok ? reply.body : { code: reply.code, message: reply.message });
    if (status < 500) {
      await db
        .insertInto("idempotency_keys")
        .values({ scope, key, status_code: status, body, created_at: services.now() })
        .onConflict((oc) =>
          // A success replaces its provisional answer; a refusal never overwrites a stored answer.
          reply.ok ? oc.columns(["scope", "key"]).doUpdateSet({ status_code: status, body }) : oc.doNothing(),
        )
        .execute();
    }
  }
  if (reply.ok) res.json(reply.body);
  else sendFailure(res, { ok: false, status: reply.status, code: reply.code, message: reply.message });
}
