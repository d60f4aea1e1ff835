/**
 * The API's last line: unknown paths are a JSON 404, body-parser refusals (malformed JSON, too
 * large) are clear 4xx answers, a busy database is a 503 with Retry-After (the request changed
 * nothing; the client may send it again), and anything else unexpected is a 500 without a stack trace.
 */
import type { ErrorRequestHandler, RequestHandler } from "express";
import { isDatabaseBusy } from "../db/busy.ts";
import type { Logger } from "../log.ts";
import type { CasinoServices } from "../services.ts";
import { type Failure, failure } from "./failures.ts";
import { refuse, requestLocation, sendFailure } from "./respond.ts";

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
 * else `http/internal` (500) logged with its stack as `what`. Routes, the fast lane and the rooms use it.
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

/** 404 for API paths nobody handles. */
export function answerNotFound(): RequestHandler {
  return (_req, res) => sendFailure(res, failure("http/not_found"));
}

/** Maps errors to JSON answers; logs real faults with their stack, never sends it. */
export function handleErrors(services: CasinoServices): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const type = (error as { type?: unknown } | null)?.type;
    if (type === "entity.parse.failed") {
      return refuse(services, req, res, failure("http/malformed_json"), {
        type: "malformed_input",
        severity: "low",
      });
    }
    if (type === "entity.too.large") {
      return refuse(services, req, res, failure("http/body_too_large"), {
        type: "oversized_body",
        severity: "medium",
      });
    }
    if (type === "encoding.unsupported" || type === "charset.unsupported" || type === "request.aborted") {
      return refuse(services, req, res, failure("input/invalid", "Unreadable request body"), {
        type: "malformed_input",
        severity: "low",
      });
    }
    // The router could not decode a path parameter (a malformed percent-escape such as %ff).
    if (error instanceof URIError) {
      return refuse(services, req, res, failure("http/bad_path"), {
        type: "malformed_input",
        severity: "low",
      });
    }
    const answer = answerUnexpected(services.log, error, { location: requestLocation(req) });
    res.set(answer.headers);
    sendFailure(res, answer.fail);
  };
}
