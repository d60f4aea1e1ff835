/**
 * The session step of the pipeline: the token comes from the HttpOnly `casino_session` cookie or an
 * `Authorization: Bearer` header (non-browser clients, Colyseus joins); only its hash is looked up.
 */
import type {} from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sessionTokenOf } from "../auth/session-token.ts";
import { findSession, SESSION_COOKIE, SESSION_TTL_MS } from "../auth/sessions.ts";
import type { CasinoServices } from "../services.ts";
import { failure } from "./failures.ts";
import { refuse } from "./respond.ts";

/** Loads the request's session (if any) into request.session. */
export async function loadSession(services: CasinoServices, request: FastifyRequest): Promise<void> {
  const token = sessionTokenOf(request.headers);
  if (token) request.session = await findSession(services.handle.db, token, services.now());
}

/** A route hook letting only requests with a wallet session through; 401 otherwise. */
export function requireSession(services: CasinoServices) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const session = request.session;
    if (session?.userId && session.walletAddress) return;
    return refuse(services, request, reply, failure("auth/no_session"), {
      type: "auth_failure",
      severity: "low",
    });
  };
}

/** Whether the request came over HTTPS (directly, or per the trusted proxy's X-Forwarded-Proto). */
export function isSecure(request: FastifyRequest): boolean {
  return request.protocol === "https";
}

/** Sets one cookie (HttpOnly, SameSite=Lax, Path=/; Secure behind HTTPS); no max age clears it. */
export function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeMs: number | undefined,
): void {
  reply.setCookie(name, value, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isSecure(request),
    ...(maxAgeMs === undefined
      ? { expires: new Date(0) }
      : { maxAge: Math.floor(maxAgeMs / 1000), expires: new Date(Date.now() + maxAgeMs) }),
  });
}

/** Sets the session cookie. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  setCookie(request, reply, SESSION_COOKIE, token, SESSION_TTL_MS);
}

/** Clears the session cookie (wallet disconnect). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  setCookie(request, reply, SESSION_COOKIE, "", undefined);
}
