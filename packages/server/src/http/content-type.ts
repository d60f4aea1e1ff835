/**
 * Body types of state-changing API requests: JSON, or no body at all. A cross-site HTML form can only
 * send text/plain, urlencoded or multipart bodies, so refusing those (415) keeps a forged form from
 * acting with the player's cookie, whatever the browser does with SameSite.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CasinoServices } from "../services.ts";
import { failure } from "./failures.ts";
import { refuse } from "./respond.ts";

/** Methods that change state (and so must carry JSON or nothing). */
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** application/json, with any parameters (the JSON parser refuses charsets other than UTF-8). */
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** Whether a request's body type is acceptable: JSON, or no Content-Type and no body. */
export function acceptableBodyType(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (!STATE_CHANGING.has(method ?? "")) return true;
  const type = headers["content-type"];
  if (type !== undefined) return JSON_TYPE.test(type);
  if (headers["transfer-encoding"] !== undefined) return false;
  const length = headers["content-length"];
  return length === undefined || Number(length) === 0;
}

/** Refuses (415, security event) a state-changing request whose body is not JSON; resolves whether it did. */
export function refuseUnsupportedBody(
  services: CasinoServices,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  if (acceptableBodyType(request.method, request.headers)) return false;
  refuse(services, request, reply, failure("http/unsupported_body"), {
    type: "unsupported_body",
    severity: "low",
    details: `Content-Type ${JSON.stringify(request.headers["content-type"] ?? "(none)").slice(0, 100)} refused`,
  });
  return true;
}
