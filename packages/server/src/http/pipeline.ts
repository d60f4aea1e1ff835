/**
 * The one request pipeline, in the order every answer passes it (Fastify hooks, registered once):
 *  1. every request: security headers and CORS (an OPTIONS preflight ends here), then timing;
 *  2. /api: no-store, the per-address budget, the Origin check and the body type (onRequest, before
 *     any byte of the body is read);
 *  3. the body: at most 16 kB (json-body.ts), sent within the server's request timeout;
 *  4. /api: the session and the per-session budget (preValidation);
 *  5. per route: requireSession and the wallet guard (preValidation), then the route's zod
 *     validation, then its handler (idempotent money moves replay there, idempotency.ts).
 */
import { matchMaker } from "@colyseus/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CasinoMetrics } from "../metrics/casino-metrics.ts";
import { isMeasuredApiUrl } from "../operator/api-metrics.ts";
import type { CasinoServices } from "../services.ts";
import { refuseUnsupportedBody } from "./content-type.ts";
import { addressKey, requestBudgets, takeOrRefuse } from "./rate-limit.ts";
import { refuseForeignOrigin } from "./request-origin.ts";
import { clientAddress } from "./respond.ts";
import { securityHeadersFor } from "./security-headers.ts";
import { isSecure, loadSession } from "./session.ts";

/** The route pattern a request matched (`/api/games/:gameType/state`), or "unmatched" (static files, 404s). */
export function routePatternOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined || pattern.endsWith("/*") || request.is404) return "unmatched";
  return pattern.length > 1 && pattern.endsWith("/") ? pattern.slice(0, -1) : pattern;
}

/**
 * The CORS headers of an answer (the origin rule of app.ts). Allowed methods, headers and their
 * max age answer a preflight only (Colyseus's defaults); other answers need only the origin rule.
 */
function corsHeadersFor(origin: string | undefined, preflight: boolean): Record<string, string> {
  return {
    ...(preflight ? matchMaker.controller.DEFAULT_CORS_HEADERS : {}),
    ...matchMaker.controller.getCorsHeaders({
      get: (name: string) => (name === "origin" ? (origin ?? null) : null),
    } as Headers),
  };
}

/** The CORS and security headers of answers to requests without an Origin, by scheme and preflight. */
const withoutOrigin: ([string, string][] | undefined)[] = [];

/** Sets the headers every answer carries on the raw response (answers handed to the monitor or relayed keep them). */
export function setAnswerHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const secure = isSecure(request);
  const preflight = request.method === "OPTIONS";
  const origin = request.headers.origin;
  const slot = (secure ? 2 : 0) + (preflight ? 1 : 0);
  let headers = origin === undefined ? withoutOrigin[slot] : undefined;
  if (!headers) {
    headers = [
      ...Object.entries(corsHeadersFor(origin, preflight)),
      ...Object.entries(securityHeadersFor(secure)),
    ];
    if (origin === undefined) withoutOrigin[slot] = headers;
  }
  const raw = reply.raw;
  for (const [name, value] of headers) raw.setHeader(name, value);
}

/** Each connection's last client address and its budget key (kept-alive connections ask again and again). */
const addressKeys = new WeakMap<object, { address: string | undefined; key: string }>();

/** The per-address budget key of a request, computed once per connection and address. */
function addressKeyOf(request: FastifyRequest): string {
  const address = clientAddress(request);
  const known = addressKeys.get(request.socket);
  if (known && known.address === address) return known.key;
  const key = addressKey(address);
  addressKeys.set(request.socket, { address, key });
  return key;
}

/** Step 1, for every request. */
export function useAnswerHeadersAndTiming(app: FastifyInstance, metrics: CasinoMetrics): void {
  app.addHook("onRequest", async (request, reply) => {
    setAnswerHeaders(request, reply);
    if (request.method === "OPTIONS") return reply.code(204).send();
  });
  app.addHook("onResponse", async (request, reply) => {
    metrics.observeRequest(
      request.method,
      routePatternOf(request),
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}

/** Steps 2 and 4, for the /api plugin. */
export function useApiPipeline(
  app: FastifyInstance,
  services: CasinoServices & { operator: { metrics: { record(ms: number, status: number): void } } },
  trustedOrigins: readonly string[],
): void {
  const budgets = requestBudgets(services);
  const apiHealth = services.operator.metrics;
  app.addHook("onRequest", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    const key = addressKeyOf(request);
    if (!(await takeOrRefuse(services, request, reply, key, budgets.address, "source address requests")))
      return reply;
    if (refuseForeignOrigin(services, trustedOrigins, request, reply)) return reply;
    if (refuseUnsupportedBody(services, request, reply)) return reply;
  });
  app.addHook("preValidation", async (request, reply) => {
    request.sentBody = request.body;
    await loadSession(services, request);
    const session = request.session;
    if (!session) return;
    const key = `session:${session.tokenHash}`;
    if (!(await takeOrRefuse(services, request, reply, key, budgets.session, "session requests")))
      return reply;
  });
  app.addHook("onResponse", async (request, reply) => {
    if (isMeasuredApiUrl(request.url)) apiHealth.record(reply.elapsedTime, reply.statusCode);
  });
}
