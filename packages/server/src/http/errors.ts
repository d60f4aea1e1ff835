/**
 * The API's last line: unknown paths are a JSON 404, body-parser refusals (malformed JSON, too
 * large) are clear 4xx answers, and anything unexpected is a 500 without a stack trace.
 */
import type { ErrorRequestHandler, RequestHandler } from "express";
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
    services.log.error({ err: error, location: requestLocation(req) }, "request failed");
    sendFailure(res, failure("http/internal"));
  };
}
