/**
 * The wallet-ownership guard (DESIGN.md section 3): a body's walletAddress / userWallet / userId /
 * playerId, or a path's {wallet}, must name the session's own wallet (address or user id).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { UserSession } from "../auth/sessions.ts";
import type { CasinoServices } from "../services.ts";
import { failure } from "./failures.ts";
import { refuse, userSessionOf } from "./respond.ts";

/** Body fields that name a wallet. */
export const WALLET_FIELDS = ["walletAddress", "userWallet", "userId", "playerId"] as const;

/** Whether a value names the session's wallet, by address or by user id. */
export function namesSessionWallet(session: UserSession, value: unknown): boolean {
  const text = typeof value === "number" ? String(value) : value;
  return text === session.walletAddress || text === session.userId;
}

/** The first wallet the request names that is not the session's, if any. */
export function findForeignWallet(
  request: FastifyRequest,
  session: UserSession,
  pathParam?: string,
): string | undefined {
  if (pathParam !== undefined) {
    const named = (request.params as Record<string, unknown>)[pathParam];
    if (typeof named === "string" && !namesSessionWallet(session, named)) return `path ${pathParam}`;
  }
  return foreignWalletField(request.body, session);
}

/** The first wallet field of a JSON body naming another wallet than the session's. */
export function foreignWalletField(body: unknown, session: UserSession): string | undefined {
  if (body && typeof body === "object" && !Array.isArray(body)) {
    for (const field of WALLET_FIELDS) {
      const value = (body as Record<string, unknown>)[field];
      if (value !== undefined && value !== null && !namesSessionWallet(session, value))
        return `body ${field}`;
    }
  }
  return undefined;
}

/** A route hook refusing (403, security event) a request naming another wallet; put it after requireSession. */
export function guardWallet(services: CasinoServices, pathParam?: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const session = userSessionOf(request);
    const foreign = findForeignWallet(request, session, pathParam);
    if (!foreign) return;
    return refuse(services, request, reply, failure("auth/wallet_mismatch"), {
      type: "wallet_mismatch",
      severity: "high",
      details: `${foreign} names another wallet than the session's ${session.walletAddress}`,
    });
  };
}
