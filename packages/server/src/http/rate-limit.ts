/** Applies the request budgets to API requests: per source address, per session, and the caps on new identities. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { addressBucket } from "../security/client-address.ts";
import type { BucketSize } from "../security/rate-limiter.ts";
import type { CasinoServices } from "../services.ts";
import { failure } from "./failures.ts";
import { clientAddress, requestLocation, sendFailure } from "./respond.ts";

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
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  size: BucketSize,
  what: string,
): Promise<boolean> {
  const decision = await services.limiter.consume(key, size);
  if (decision.allowed) return true;
  services.limitEvents.report(key, {
    type: "rate_limited",
    severity: "medium",
    location: requestLocation(request),
    details: `${what} over its budget`,
    source: clientAddress(request),
    blocked: true,
    rule: "rate-limit",
  });
  reply.header("Retry-After", String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
  sendFailure(reply, failure("http/rate_limited"));
  return false;
}

/** The per-address and per-session budgets of one casino. */
export function requestBudgets(services: CasinoServices) {
  const rate = services.rateLimit;
  return {
    address: { perSecond: rate.addressPerSecond, burst: rate.addressBurst },
    session: { perSecond: rate.sessionPerSecond, burst: rate.sessionBurst },
  };
}

/**
 * Caps the creation of new identities: per source address, then over the whole casino. Resolves
 * whether this creation may go on (otherwise a 429 has been sent). Only calls that would create a
 * user are counted; reconnecting an existing wallet is not.
 */
export async function admitNewIdentity(
  services: CasinoServices,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const rate = services.rateLimit;
  const perAddress = { perSecond: rate.identityPerMinute / 60, burst: rate.identityBurst };
  const global = { perSecond: rate.identityGlobalPerSecond, burst: rate.identityGlobalBurst };
  const source = addressBucket(clientAddress(request));
  if (
    !(await takeOrRefuse(
      services,
      request,
      reply,
      `identity:${source}`,
      perAddress,
      "new identities from this source",
    ))
  )
    return false;
  return takeOrRefuse(services, request, reply, "identity:*", global, "new identities over the casino");
}
