/**
 * Authenticates Colyseus joins with the same session as the REST API: the bearer token
 * (`client.auth.token` in @colyseus/sdk) or the `casino_session` cookie of the matchmaking request.
 * Every room's static onAuth calls the authenticator built here.
 */
import type { AuthContext } from "@colyseus/core";
import { sessionTokenOf } from "../auth/session-token.ts";
import { findSession } from "../auth/sessions.ts";
import type { CasinoServices } from "../services.ts";

/** What a room knows about an authenticated client (`client.auth`). */
export interface RoomAuth {
  userId: string;
  walletAddress: string;
  sessionTokenHash: string;
}

/** The function a room's static onAuth delegates to: the session's wallet, or false (join refused). */
export type RoomAuthenticator = (
  token: string | undefined,
  context: AuthContext,
) => Promise<RoomAuth | false>;

/**
 * For rooms open to visitors (the poker lobby): the session's wallet when the request carries one,
 * else `true` (admitted without one; such a client may join but never open a room).
 */
export function createOptionalRoomAuthenticator(
  services: CasinoServices,
): (token: string | undefined, context: AuthContext) => Promise<RoomAuth | true> {
  return async (token, context) => {
    const sessionToken = token || sessionTokenOf({ cookie: context.headers.get("cookie") ?? undefined });
    if (!sessionToken) return true;
    const session = await findSession(services.handle.db, sessionToken, services.now());
    if (!session?.userId || !session.walletAddress) return true;
    return {
      userId: session.userId,
      walletAddress: session.walletAddress,
      sessionTokenHash: session.tokenHash,
    };
  };
}

/** Builds the authenticator over the casino's sessions; refusals are recorded as security events. */
export function createRoomAuthenticator(services: CasinoServices, roomName: string): RoomAuthenticator {
  return async (token, context) => {
    const sessionToken = token || sessionTokenOf({ cookie: context.headers.get("cookie") ?? undefined });
    const session = await findSession(services.handle.db, sessionToken, services.now());
    if (session?.userId && session.walletAddress) {
      return {
        userId: session.userId,
        walletAddress: session.walletAddress,
        sessionTokenHash: session.tokenHash,
      };
    }
    services.security.recordSecurityEvent({
      type: "auth_failure",
      severity: "medium",
      location: `room ${roomName}`,
      details: sessionToken ? "join with an unknown or expired session" : "join without a session",
      source: context.ip,
      blocked: true,
      rule: "room-auth",
    });
    return false;
  };
}
