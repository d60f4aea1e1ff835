/** Small helpers every route uses to answer and to know who is asking. */
import type { Request, Response } from "express";
import type { SessionRecord, UserSession } from "../auth/sessions.ts";
import type { Severity } from "../security/events.ts";
import type { CasinoServices } from "../services.ts";
import type { Failure } from "./failures.ts";

/** Sends an expected failure as `{code, message}` with its status. */
export function sendFailure(res: Response, fail: Failure): void {
  res.status(fail.status).json({ code: fail.code, message: fail.message });
}

/** The address the request came from (express resolves proxies when trust proxy is on). */
export function clientAddress(req: Request): string | undefined {
  return req.ip ?? req.socket.remoteAddress;
}

/** Where a request went, as security events name it. */
export function requestLocation(req: Request): string {
  return `${req.method} ${req.originalUrl.split("?")[0] ?? ""}`.slice(0, 200);
}

/** The session loaded by the session middleware, if the request carries a valid one. */
export function sessionOf(res: Response): SessionRecord | undefined {
  return res.locals.session as SessionRecord | undefined;
}

/** The session of a route behind requireSession (which guarantees it is bound to a user). */
export function userSessionOf(res: Response): UserSession {
  const session = sessionOf(res);
  if (!session?.userId || !session.walletAddress)
    throw new Error("userSessionOf: route is not behind requireSession");
  return session as UserSession;
}

/** Records a security event about this request (never throws). */
export function reportSecurityEvent(
  services: CasinoServices,
  req: Request,
  event: {
    type: string;
    severity: Severity;
    details: string;
    blocked?: boolean;
    rule?: string;
    riskScore?: number;
  },
): void {
  services.security.recordSecurityEvent({
    type: event.type,
    severity: event.severity,
    location: requestLocation(req),
    details: event.details,
    source: clientAddress(req),
    blocked: event.blocked ?? true,
    rule: event.rule ?? null,
    ...(event.riskScore === undefined ? {} : { riskScore: event.riskScore }),
  });
}

/** Sends a failure and records it as a security event in one step (rejected input, auth failures). */
export function refuse(
  services: CasinoServices,
  req: Request,
  res: Response,
  fail: Failure,
  event: { type: string; severity: Severity; details?: string; rule?: string },
): void {
  reportSecurityEvent(services, req, {
    type: event.type,
    severity: event.severity,
    details: event.details ?? `${fail.code}: ${fail.message}`,
    rule: event.rule ?? fail.code,
  });
  sendFailure(res, fail);
}
