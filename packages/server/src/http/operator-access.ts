/**
 * Who may read the operator's views outside /api/security (metrics, the Colyseus monitor): a valid
 * operator token (the dashboard's bearer token, or as the password of HTTP Basic auth so a browser
 * can open the monitor). A request from loopback is no exception: behind a local proxy that does
 * not forward the client's address (TRUST_PROXY=0), every visitor arrives from loopback.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { operatorFailure } from "../operator/failures.ts";
import type { CasinoServices } from "../services.ts";
import { admitOperatorToken, bearerTokenOf } from "./operator-auth.ts";
import { sendFailure } from "./respond.ts";

/** The operator token of a request: `Authorization: Bearer <token>` or Basic with the token as password. */
export function operatorTokenOf(request: FastifyRequest): string | undefined {
  const bearer = bearerTokenOf(request);
  if (bearer) return bearer;
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const password = decoded.slice(decoded.indexOf(":") + 1);
  return password.length > 0 ? password : undefined;
}

/**
 * A hook letting a request through with a valid operator token; otherwise it answers 401 (with a
 * Basic challenge a browser shows) and records the refusal.
 */
export function requireOperatorAccess(services: CasinoServices) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (await admitOperatorToken(services, request, operatorTokenOf(request), "Operator view")) return;
    reply.header("WWW-Authenticate", 'Basic realm="casino operator", charset="UTF-8"');
    return sendFailure(reply, operatorFailure("operator/unauthorized"));
  };
}
