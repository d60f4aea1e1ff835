/**
 * A currency's Supernova round runs in the one process holding its lease, but the proxy in front
 * sends a REST call to any process. This middleware, mounted at /api/crash before the API router,
 * hands a bet, cash-out or state read for a currency hosted elsewhere to its host over HTTP with the
 * player's session, Idempotency-Key and Host header, so the host's clock decides a cash-out's
 * multiplier on arrival. Calls for a currency hosted here, or nowhere yet, go on to the routes.
 */
import { Agent } from "node:http";
import { CURRENCIES, type Currency } from "@casino/protocol";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { AppServices } from "../app-services.ts";
import { findCrashHost } from "../crash/lease.ts";
import { BODY_LIMIT } from "../http/api.ts";
import { handleErrors } from "../http/errors.ts";
import type { NodeRegistry } from "./node-registry.ts";
import { FORWARDED_HEADER, relay } from "./table-forwarding.ts";

/** The calls that act on one currency's round. */
const MONEY_PATH = /^\/(?:bet|cashout)\/?$/;
const STATE_PATH = /^\/state\/([^/]+)\/?$/;

/** What a player reads when the round's host does not answer. */
const CRASH_UNREACHABLE = "Supernova's server is unreachable; try again";

/** A value as a currency, or undefined. */
function currencyOf(value: unknown): Currency | undefined {
  return CURRENCIES.find((c) => c === value);
}

/** Creates the forwarding middleware of this process (`nodeId`: its lease owner id). */
export function forwardCrashCalls(
  services: AppServices,
  registry: NodeRegistry,
  nodeId: () => string,
): RequestHandler {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const raw = new WeakMap<Request, Buffer>();
  // Parsed here once: the API router's parser sees the body read and keeps req.body.
  const parseJson = express.json({
    limit: BODY_LIMIT,
    strict: true,
    verify: (req, _res, buffer) => void raw.set(req as Request, buffer),
  });
  const answerError = handleErrors(services);

  /** Relays the call when its currency is hosted by another live process; else the routes answer. */
  const route = async (req: Request, res: Response, next: NextFunction, currency: Currency | undefined) => {
    if (currency === undefined || services.crash.engine(currency)) return next();
    const host = await findCrashHost(services.handle, currency, services.now());
    if (!host || host === nodeId()) return next();
    const node = await registry.find(host);
    if (!node) return next();
    const body = raw.get(req);
    relay(req, res, {
      target: node.internalUrl,
      via: nodeId(),
      agent,
      unreachable: CRASH_UNREACHABLE,
      ...(body ? { body } : {}),
    });
  };

  return (req, res, next) => {
    if (req.headers[FORWARDED_HEADER] !== undefined) return next();
    const state = req.method === "GET" ? STATE_PATH.exec(req.path) : null;
    if (state) return void route(req, res, next, currencyOf(state[1])).catch(next);
    if (req.method !== "POST" || !MONEY_PATH.test(req.path) || !req.is("application/json")) return next();
    parseJson(req, res, (error?: unknown) => {
      if (error) return answerError(error, req, res, next);
      const currency = currencyOf((req.body as { currency?: unknown } | undefined)?.currency);
      route(req, res, next, currency).catch(next);
    });
  };
}
