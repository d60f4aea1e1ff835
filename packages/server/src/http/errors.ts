/**
 * The pipeline's last line: unknown API paths are a JSON 404, refused inputs and unreadable bodies
 * (malformed JSON, too large, bad escapes in the path) are clear 4xx answers, a busy database is a
 * 503 with Retry-After (the request changed nothing; the client may send it again), and anything
 * else unexpected is a 500 without a stack trace.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { answerUnexpected } from "../replies.ts";
import type { CasinoServices } from "../services.ts";
import { failure } from "./failures.ts";
import { BodyError } from "./json-body.ts";
import { refuse, requestLocation, sendFailure } from "./respond.ts";
import { InvalidInputError } from "./validate.ts";

/** 404 for API paths nobody handles. */
export function answerNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendFailure(reply, failure("http/not_found"));
}

/** Answers a path whose percent-escapes do not decode. */
export function answerBadPath(services: CasinoServices, request: FastifyRequest, reply: FastifyReply) {
  return refuse(services, request, reply, failure("http/bad_path"), {
    type: "malformed_input",
    severity: "low",
  });
}

/** Fastify's own body errors by code: what the request is refused as. */
const BODY_ERRORS: Record<string, BodyError["code"]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "too_large",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "unreadable",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unreadable",
  FST_ERR_CTP_EMPTY_JSON_BODY: "malformed_json",
};

/** Maps errors to JSON answers; logs real faults with their stack, never sends it. */
export function handleErrors(services: CasinoServices) {
  return (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof InvalidInputError) {
      return refuse(services, request, reply, failure("input/invalid", error.message), {
        type: "invalid_input",
        severity: "low",
      });
    }
    const bodyProblem =
      error instanceof BodyError ? error.code : BODY_ERRORS[(error as FastifyError).code ?? ""];
    if (bodyProblem === "malformed_json") {
      return refuse(services, request, reply, failure("http/malformed_json"), {
        type: "malformed_input",
        severity: "low",
      });
    }
    if (bodyProblem === "too_large") {
      return refuse(services, request, reply, failure("http/body_too_large"), {
        type: "oversized_body",
        severity: "medium",
      });
    }
    if (bodyProblem === "unreadable") {
      return refuse(services, request, reply, failure("input/invalid", "Unreadable request body"), {
        type: "malformed_input",
        severity: "low",
      });
    }
    if ((error as FastifyError).code === "FST_ERR_BAD_URL") return answerBadPath(services, request, reply);
    const answer = answerUnexpected(services.log, error, { location: requestLocation(request) });
    reply.headers(answer.headers);
    return sendFailure(reply, answer.fail);
  };
}
