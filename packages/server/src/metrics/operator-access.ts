/**
 * Who may read the operator's views outside /api/security (metrics, the Colyseus monitor): a valid
 * operator token (the dashboard's bearer token, or as the password of HTTP Basic auth so a browser
 * can open the monitor) and, for the metrics only, any client on loopback. The client address is
 * the one behind the configured proxy hops, so a proxied request is not taken for a local one.
 */
import type { Request, RequestHandler } from "express";
import { clientAddress, sendFailure } from "../http/respond.ts";
import { admitOperatorToken, bearerTokenOf } from "../operator/auth.ts";
import { operatorFailure } from "../operator/failures.ts";
import type { CasinoServices } from "../services.ts";

/** The operator token of a request: `Authorization: Bearer <token>` or Basic with the token as password. */
export function operatorTokenOf(req: Request): string | undefined {
  const bearer = bearerTokenOf(req);
  if (bearer) return bearer;
  const match = /^Basic\s+(\S+)$/i.exec(req.get("authorization") ?? "");
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const password = decoded.slice(decoded.indexOf(":") + 1);
  return password.length > 0 ? password : undefined;
}

/** Whether an address is this machine (IPv4, IPv6 or IPv4-mapped loopback). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  return plain === "::1" || plain.startsWith("127.");
}

/**
 * Lets a request through with a valid operator token or, when `loopback` allows it, from this
 * machine; otherwise answers 401 (with a Basic challenge a browser shows) and records the refusal.
 */
export function requireOperatorAccess(
  services: CasinoServices,
  options: { loopback: boolean },
): RequestHandler {
  return async (req, res, next) => {
    if (options.loopback && isLoopbackAddress(clientAddress(req))) return next();
    if (await admitOperatorToken(services, req, operatorTokenOf(req), "Operator view")) return next();
    res.setHeader("WWW-Authenticate", 'Basic realm="casino operator", charset="UTF-8"');
    sendFailure(res, operatorFailure("operator/unauthorized"));
  };
}
