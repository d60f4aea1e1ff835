/** Applies the request budgets to API requests: per source address, per session, and the caps on new identities. */
import type { Request, RequestHandler, Response } from "express";
import { addressBucket } from "../security/client-address.ts";
import type { BucketSize } from "../security/rate-limiter.ts";
import type { CasinoServices } from "../services.ts";
import { failure } from "./failures.ts";
import { clientAddress, requestLocation, sendFailure, sessionOf } from "./respond.ts";

/** The bucket key of a request's source address (an IPv6 /64 counts as one source). */
export function addressKey(address: string | undefined): string {
  return `addr:${addressBucket(address)}`;
}

/**
 * Takes from `key`'s budget; when it is spent answers 429 with Retry-After (whole seconds)
 * and reports the refusal (thinned per key). Resolves whether the request may go on.
 */
export async function takeOrRefuse(
  services: CasinoServices,
  req: Request,
  res: Response,
  key: string,
  size: BucketSize,
  what: string,
): Promise<boolean> {
  const retryAfter = await takeToken(services, key, size, what, {
    location: requestLocation(req),
    source: clientAddress(req),
  });
  if (retryAfter === undefined) return true;
  res.setHeader("Retry-After", retryAfter);
  sendFailure(res, failure("http/rate_limited"));
  return false;
}

/**
 * Takes a token from `key` (the express chain and the bet fast lane both call this): undefined when
 * allowed, else the Retry-After value (whole seconds) to answer 429 with, the refusal reported
 * (thinned per key).
 */
export async function takeToken(
  services: CasinoServices,
  key: string,
  size: BucketSize,
  what: string,
  at: { location: string; source: string | undefined },
): Promise<string | undefined> {
  const decision = await services.limiter.consume(key, size);
  if (decision.allowed) return undefined;
  services.limitEvents.report(key, {
    type: "rate_limited",
    severity: "medium",
    location: at.location,
    details: `${what} over its budget`,
    source: at.source,
    blocked: true,
    rule: "rate-limit",
  });
  return String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
}

/** Limits requests per source address (before any database work). */
export function limitByAddress(services: CasinoServices): RequestHandler {
  const size = { perSecond: services.rateLimit.addressPerSecond, burst: services.rateLimit.addressBurst };
  return async (req, res, next) => {
    const key = addressKey(clientAddress(req));
    if (await takeOrRefuse(services, req, res, key, size, "source address requests")) next();
  };
}

/** Limits requests per session (after the session is loaded). */
export function limitBySession(services: CasinoServices): RequestHandler {
  const size = { perSecond: services.rateLimit.sessionPerSecond, burst: services.rateLimit.sessionBurst };
  return async (req, res, next) => {
    const session = sessionOf(res);
    if (!session) return next();
    if (await takeOrRefuse(services, req, res, `session:${session.tokenHash}`, size, "session requests"))
      next();
  };
}

/**
 * Caps the creation of new identities: per source address, then over the whole casino. Resolves
 * whether this creation may go on (otherwise a 429 has been sent). Only calls that would create a
 * user are counted; reconnecting an existing wallet is not.
 */
export async function admitNewIdentity(
  services: CasinoServices,
  req: Request,
  res: Response,
): Promise<boolean> {
  const rate = services.rateLimit;
  const perAddress = { perSecond: rate.identityPerMinute / 60, burst: rate.identityBurst };
  const global = { perSecond: rate.identityGlobalPerSecond, burst: rate.identityGlobalBurst };
  const source = addressBucket(clientAddress(req));
  if (
    !(await takeOrRefuse(
      services,
      req,
      res,
      `identity:${source}`,
      perAddress,
      "new identities from this source",
    ))
  )
    return false;
  return takeOrRefuse(services, req, res, "identity:*", global, "new identities over the casino");
}
