/** Applies the token buckets to every API request: per source address, then per session. */
import type { Request, RequestHandler, Response } from "express";
import type { RateDecision } from "../security/rate-limiter.ts";
import type { CasinoServices } from "../services.ts";
import { failure } from "./failures.ts";
import { clientAddress, refuse, sessionOf } from "./respond.ts";

/** Answers 429 with Retry-After (whole seconds) and records the hit. */
function sendLimited(
  services: CasinoServices,
  req: Request,
  res: Response,
  decision: RateDecision,
  key: string,
) {
  const retryAfterMs = decision.allowed ? 0 : decision.retryAfterMs;
  res.setHeader("Retry-After", String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  refuse(services, req, res, failure("http/rate_limited"), {
    type: "rate_limited",
    severity: "medium",
    details: `${key} over its request budget`,
    rule: "rate-limit",
  });
}

/** Limits requests per source address (before any database work). */
export function limitByAddress(services: CasinoServices): RequestHandler {
  const size = { perSecond: services.rateLimit.addressPerSecond, burst: services.rateLimit.addressBurst };
  return async (req, res, next) => {
    const decision = await services.limiter.consume(`addr:${clientAddress(req) ?? "unknown"}`, size);
    if (decision.allowed) return next();
    sendLimited(services, req, res, decision, "source address");
  };
}

/** Limits requests per session (after the session is loaded). */
export function limitBySession(services: CasinoServices): RequestHandler {
  const size = { perSecond: services.rateLimit.sessionPerSecond, burst: services.rateLimit.sessionBurst };
  return async (req, res, next) => {
    const session = sessionOf(res);
    if (!session) return next();
    const decision = await services.limiter.consume(`session:${session.tokenHash}`, size);
    if (decision.allowed) return next();
    sendLimited(services, req, res, decision, "session");
  };
}
