/**
 * The operator's views mounted beside the API: Prometheus metrics at /metrics and the Colyseus
 * monitor at /colyseus, both behind the operator token (a request that looks local may be a local
 * proxy's), and the per-route timing of every request express answers. A scraper without the token
 * reads the metrics from their own listener on loopback (METRICS_PORT), which serves nothing else.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { monitor } from "@colyseus/monitor";
import express, { type Request, type RequestHandler, type Response, type Router } from "express";
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

/** Answers the Prometheus text of every metric. */
async function sendMetrics(metrics: CasinoMetrics, res: Response): Promise<void> {
  const body = await metrics.registry.metrics();
  res.setHeader("Cache-Control", "no-store");
  res.type(metrics.registry.contentType).send(body);
}

/** /metrics and the monitor, each behind the operator token. */
export function createOperatorViews(services: CasinoServices, metrics: CasinoMetrics): Router {
  const router = express.Router();
  router.get("/metrics", requireOperatorAccess(services), async (_req, res) => {
    await sendMetrics(metrics, res);
  });
  router.use(MONITOR_PATH, requireOperatorAccess(services), monitor() as RequestHandler);
  return router;
}

/** A running metrics listener. */
export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves GET /metrics without a token on 127.0.0.1:`port` only (0: any free port), for a local
 * Prometheus scraper; it binds to loopback, so no proxy or remote client can reach it.
 */
export async function listenForMetrics(metrics: CasinoMetrics, port: number): Promise<MetricsListener> {
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", async (_req, res) => {
    await sendMetrics(metrics, res);
  });
  app.use((_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
