/**
 * The API's last line: unknown paths are a JSON 404, body-parser refusals (malformed JSON, too
 * large) are clear 4xx answers, a busy database is a 503 with Retry-After (the request changed
 * nothing; the client may send it again), and anything else unexpected is a 500 without a stack trace.
 */
import type { ErrorRequestHandler, RequestHandler } from "express";
import { answerUnexpected } from "../replies.ts";
import type { CasinoServices } from "../services.ts";
import { failure } from "./failures.ts";
import { refuse, requestLocation, sendFailure } from "./respond.ts";

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
