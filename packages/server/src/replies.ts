/**
 * Answers before any transport sees them, shared by the routes and the rooms: what a
 * money move answers (a success with its HTTP status and body, or an expected failure, kept by the
 * idempotency store of http/idempotency.ts), the answer to an error nobody expected, and the one
 * sentence an invalid input is refused with.
 */
import { type Failure, failure } from "@casino/protocol";
import type { z } from "zod";
import { isDatabaseBusy } from "./db/busy.ts";
import type { Logger } from "./log.ts";

/** What a money-moving body answers: a success to send, or an expected failure (rolled back). */
export type Reply = { ok: true; status: number; body: unknown } | Failure;

/** Scope prefix of answers kept for good (a deposit's first answer per chain transaction id). */
export const PERMANENT_SCOPE_PREFIX = "txn:";

/** A success reply with status 200. */
export function ok(body: unknown): Reply {
  return { ok: true, status: 200, body };
}

/** Seconds a client is asked to wait (Retry-After) before sending a request the busy database refused. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/** A busy database is logged at most this often (with the count since), not once per refused request. */
const BUSY_LOG_INTERVAL_MS = 10_000;

let busySince = 0;
let busyRefusals = 0;

/** Counts a busy refusal and logs a warning with the count at most every BUSY_LOG_INTERVAL_MS. */
function noteBusy(log: Logger, context: Record<string, unknown>): void {
  busyRefusals++;
  const now = Date.now();
  if (now - busySince < BUSY_LOG_INTERVAL_MS) return;
  log.warn({ ...context, refusals: busyRefusals }, "database busy: requests refused with 503");
  busySince = now;
  busyRefusals = 0;
}

/** What to answer for an unexpected error, and the headers to send with it. */
export interface UnexpectedAnswer {
  fail: Failure;
  headers: Record<string, string>;
}

/**
 * The answer to an error nobody expected: `db/busy` (503, Retry-After) when the database was busy,
 * else `http/internal` (500) logged with its stack as `what`. Routes and rooms use it.
 */
export function answerUnexpected(
  log: Logger,
  error: unknown,
  context: Record<string, unknown>,
  what = "request failed",
): UnexpectedAnswer {
  if (isDatabaseBusy(error)) {
    noteBusy(log, context);
    return { fail: failure("db/busy"), headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) } };
  }
  log.error({ err: error, ...context }, what);
  return { fail: failure("http/internal"), headers: {} };
}

/** Turns zod's first issue into one readable sentence ("amount: amount has more than 6 decimals"). */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const path = issue.path.join(".");
  if (issue.code === "unrecognized_keys") return `unknown field ${issue.keys.join(", ")}`;
  return path ? `${path}: ${issue.message}` : issue.message;
}
