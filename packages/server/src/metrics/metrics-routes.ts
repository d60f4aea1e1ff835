/**
 * The operator's views mounted beside the API: Prometheus metrics at /metrics (loopback or operator
 * token) and the Colyseus monitor at /colyseus (operator token only), and the per-route timing of
 * every request express answers.
 */
import { monitor } from "@colyseus/monitor";
import express, { type Request, type RequestHandler, type Router } from "express";
import type { CasinoServices } from "../services.ts";
import type { CasinoMetrics } from "./casino-metrics.ts";
import { requireOperatorAccess } from "./operator-access.ts";

/** Where the Colyseus monitor is served. */
export const MONITOR_PATH = "/colyseus";

/** The route pattern a request matched (`/api/games/:game`), or "unmatched" (static files, 404s). */
export function routePatternOf(req: Request): string {
  const route = req.route as { path?: unknown } | undefined;
  if (typeof route?.path !== "string") return "unmatched";
  const pattern = `${req.baseUrl}${route.path}`;
  return pattern.length > 1 && pattern.endsWith("/") ? pattern.slice(0, -1) : pattern;
}

/** Times every request express answers, labelled by route pattern so the label set stays bounded. */
export function measureRequests(metrics: CasinoMetrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once("finish", () => {
      const seconds = (performance.now() - started) / 1000;
      metrics.observeRequest(req.method, routePatternOf(req), res.statusCode, seconds);
    });
    next();
  };
}

/** /metrics and the monitor, each behind its guard. */
export function createOperatorViews(services: CasinoServices, metrics: CasinoMetrics): Router {
  const router = express.Router();
  router.get("/metrics", requireOperatorAccess(services, { loopback: true }), async (_req, res) => {
    const body = await metrics.registry.metrics();
    res.setHeader("Cache-Control", "no-store");
    res.type(metrics.registry.contentType).send(body);
  });
  router.use(MONITOR_PATH, requireOperatorAccess(services, { loopback: false }), monitor() as RequestHandler);
  return router;
}
