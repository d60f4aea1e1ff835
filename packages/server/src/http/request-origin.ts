/**
 * The Origin check of state-changing API requests. A browser names the page behind every POST,
 * PUT, PATCH or DELETE (Origin, and Sec-Fetch-Site in current browsers), with or without a body,
 * so a request another site's page sends with the player's cookie (a body-less daily bonus,
 * blackjack stand or seed rotation) is refused with 403 before it reaches a route. Clients that are not browsers (the SDK, curl, bots) send
 * neither header and are not concerned.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CasinoServices } from "../services.ts";
import { failure } from "./failures.ts";
import { refuse } from "./respond.ts";
import { originAllowed } from "./socket-origin.ts";

/** Methods that change state. */
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Why a request comes from a foreign page, or undefined when it may go on: a state-changing
 * request whose Origin is not the casino's own (or one of `trustedOrigins`), or, without an
 * Origin, whose Sec-Fetch-Site says another site sent it.
 */
export function foreignOrigin(
  method: string | undefined,
  headers: IncomingHttpHeaders,
  trustedOrigins: readonly string[],
): string | undefined {
  if (!STATE_CHANGING.has(method ?? "")) return undefined;
  const origin = headers.origin;
  if (origin !== undefined) {
    return originAllowed(origin, headers.host, trustedOrigins)
      ? undefined
      : `Origin ${JSON.stringify(origin.slice(0, 100))}`;
  }
  const site = headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") return `Sec-Fetch-Site ${site}`;
  return undefined;
}

/** Refuses (403, security event) a state-changing /api request sent by another site's page; resolves whether it did. */
export function refuseForeignOrigin(
  services: CasinoServices,
  trustedOrigins: readonly string[],
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  const foreign = foreignOrigin(request.method, request.headers, trustedOrigins);
  if (foreign === undefined) return false;
  refuse(services, request, reply, failure("http/foreign_origin"), {
    type: "foreign_origin",
    severity: "medium",
    details: `${request.method} from a foreign page refused: ${foreign}`,
  });
  return true;
}
