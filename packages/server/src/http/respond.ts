/** Small helpers every route uses to answer and to know who is asking. */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionRecord, UserSession } from "../auth/sessions.ts";
import type { Severity } from "../security/events.ts";
import type { CasinoServices } from "../services.ts";
import type { Failure } from "./failures.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The request's session, loaded by the pipeline when it carries a valid token. */
    session: SessionRecord | undefined;
    /** The JSON body as sent, before validation (what an Idempotency-Key's request hash covers). */
    sentBody: unknown;
  }
}

/** A route's own hook (preValidation): it answers and returns the reply to stop the request. */
export type RouteHook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Sends an expected failure as `{code, message}` with its status. */
export function sendFailure(reply: FastifyReply, fail: Failure): FastifyReply {
  return reply.code(fail.status).send({ code: fail.code, message: fail.message });
}

/** The address the request came from (Fastify resolves proxies per the trustProxy option). */
export function clientAddress(request: FastifyRequest): string | undefined {
  return request.ip ?? request.socket.remoteAddress;
}

/** Where a request went, as security events name it. */
export function requestLocation(request: FastifyRequest): string {
  const url = request.url;
  const query = url.indexOf("?");
  return `${request.method} ${query < 0 ? url : url.slice(0, query)}`.slice(0, 200);
}

/** The session loaded by the pipeline, if the request carries a valid one. */
export function sessionOf(request: FastifyRequest): SessionRecord | undefined {
  return request.session;
}

/** The session of a route behind requireSession (which guarantees it is bound to a user). */
export function userSessionOf(request: FastifyRequest): UserSession {
  const session = request.session;
  if (!session?.userId || !session.walletAddress)
    throw new Error("userSessionOf: route is not behind requireSession");
  return session as UserSession;
}

/** Records a security event about this request (never throws). */
export function reportSecurityEvent(
  services: CasinoServices,
  request: FastifyRequest,
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
    location: requestLocation(request),
    details: event.details,
    source: clientAddress(request),
    blocked: event.blocked ?? true,
    rule: event.rule ?? null,
    ...(event.riskScore === undefined ? {} : { riskScore: event.riskScore }),
  });
}

/** Sends a failure and records it as a security event in one step (rejected input, auth failures). */
export function refuse(
  services: CasinoServices,
  request: FastifyRequest,
  reply: FastifyReply,
  fail: Failure,
  event: { type: string; severity: Severity; details?: string; rule?: string },
): FastifyReply {
  reportSecurityEvent(services, request, {
    type: event.type,
    severity: event.severity,
    details: event.details ?? `${fail.code}: ${fail.message}`,
    rule: event.rule ?? fail.code,
  });
  return sendFailure(reply, fail);
}
