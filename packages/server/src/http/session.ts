/**
 * Session middleware: the token comes from the HttpOnly `casino_session` cookie or an
 * `Authorization: Bearer` header (non-browser clients, Colyseus joins); only its hash is looked up.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { sessionTokenOf } from "../auth/session-token.ts";
import { findSession, SESSION_COOKIE, SESSION_TTL_MS } from "../auth/sessions.ts";
import type { CasinoServices } from "../services.ts";
import { failure } from "./failures.ts";
import { refuse, sessionOf } from "./respond.ts";

/** Loads the request's session (if any) into res.locals.session. */
export function loadSession(services: CasinoServices): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = sessionTokenOf(req.headers);
    if (token) res.locals.session = await findSession(services.handle.db, token, services.now());
    next();
  };
}

/** Lets only requests with a wallet session through; 401 otherwise. */
export function requireSession(services: CasinoServices): RequestHandler {
  return (req, res, next) => {
    const session = sessionOf(res);
    if (session?.userId && session.walletAddress) return next();
    refuse(services, req, res, failure("auth/no_session"), { type: "auth_failure", severity: "low" });
  };
}

/** Sets the session cookie (HttpOnly, SameSite=Lax, Path=/; Secure behind HTTPS). */
export function setSessionCookie(req: Request, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: req.secure,
    maxAge: SESSION_TTL_MS,
  });
}

/** Clears the session cookie (wallet disconnect). */
export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", path: "/", secure: req.secure });
}
