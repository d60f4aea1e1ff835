/**
 * The operator's views beside the API: Prometheus metrics at /metrics and the Colyseus monitor at
 * /colyseus, both behind the operator token (a request that looks local may be a local proxy's).
 * The monitor is an express app (the only one left): its requests are handed to it untouched once
 * the token is checked. A scraper without the token reads the metrics from their own listener on
 * loopback (METRICS_PORT), which serves nothing else.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { monitor } from "@colyseus/monitor";
import express from "express";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CasinoMetrics } from "../../metrics/casino-metrics.ts";
import type { CasinoServices } from "../../services.ts";
import { requireOperatorAccess } from "../operator-access.ts";

/** Where the Colyseus monitor is served. */
export const MONITOR_PATH = "/colyseus";

/** The Prometheus text of every metric, with its content type. */
async function metricsText(metrics: CasinoMetrics): Promise<{ body: string; type: string }> {
  return { body: await metrics.registry.metrics(), type: metrics.registry.contentType };
}

/** Registers /metrics and the monitor, each behind the operator token. */
export function registerOperatorViews(
  app: FastifyInstance,
  services: CasinoServices,
  metrics: CasinoMetrics,
): void {
  const access = requireOperatorAccess(services);
  app.get("/metrics", { preValidation: [access] }, async (_request, reply) => {
    const { body, type } = await metricsText(metrics);
    return reply.header("Cache-Control", "no-store").type(type).send(body);
  });

  const monitorApp = express();
  monitorApp.disable("x-powered-by");
  monitorApp.use(MONITOR_PATH, monitor());
  // Handed over before Fastify reads a body: the monitor's own parsers read it.
  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    await access(request, reply);
    if (reply.sent) return reply;
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value as string);
    reply.hijack();
    monitorApp(request.raw, reply.raw);
    return reply;
  };
  const unreachable = async () => undefined;
  app.all(MONITOR_PATH, { onRequest: [handOver] }, unreachable);
  app.all(`${MONITOR_PATH}/*`, { onRequest: [handOver] }, unreachable);
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
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "GET" && req.method !== "HEAD") return notFound(res);
    if ((req.url ?? "").split("?")[0] !== "/metrics") return notFound(res);
    metricsText(metrics).then(
      ({ body, type }) => {
        res.writeHead(200, { "Content-Type": type, "Cache-Control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : body);
      },
      () => {
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Internal error");
      },
    );
  });
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

/** The loopback listener's answer to anything but GET /metrics. */
function notFound(res: ServerResponse): void {
  res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
  res.end("Not found");
}
