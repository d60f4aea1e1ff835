/**
 * The casino's HTTP side: one Fastify instance (zod type provider, schema-compiled validation,
 * the OpenAPI document from the same schemas) serving the API, the health checks, the operator's
 * views and the built client, behind the pipeline of pipeline.ts. Colyseus keeps the paths its
 * own router declares (matchmaking); `dispatchRequests` hands every other request to Fastify.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import fastifyCookie from "@fastify/cookie";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { AppServices } from "../app-services.ts";
import type { CasinoMetrics } from "../metrics/casino-metrics.ts";
import type { NodeRegistry } from "../scale/node-registry.ts";
import { registerApi } from "./api.ts";
import { createClusterForwarding } from "./cluster-forwarding.ts";
import { answerBadPath, handleErrors } from "./errors.ts";
import { failure } from "./failures.ts";
import { useJsonBodies } from "./json-body.ts";
import { openApiOptions } from "./openapi/document.ts";
import { setAnswerHeaders, useAnswerHeadersAndTiming } from "./pipeline.ts";
import { sendFailure } from "./respond.ts";
import { registerHealthRoutes } from "./routes/health.ts";
import { registerOperatorViews } from "./routes/operator-views.ts";
import { registerClient } from "./static-client.ts";
import { validatorCompiler } from "./validate.ts";

/** What the HTTP side serves and how. */
export interface HttpAppOptions {
  server: Server;
  services: AppServices;
  metrics: CasinoMetrics;
  /** Proxy hops in front whose X-Forwarded-For and X-Forwarded-Proto are trusted. */
  trustProxy: number;
  /** Origins whose pages may act for a player besides the casino's own host. */
  trustedOrigins: readonly string[];
  clientDist: string;
  pingRedis?: (() => Promise<void>) | undefined;
  /** Scaled out: the cluster's processes, to hand calls on to a table's or round's host. */
  nodes?: NodeRegistry | undefined;
}

/** Builds the Fastify instance on `server` (it does not listen: Colyseus does) and readies it. */
export async function createHttpApp(options: HttpAppOptions): Promise<{
  app: FastifyInstance;
  handle: RequestListener;
}> {
  const { services } = options;
  let handle: RequestListener | undefined;
  const app: FastifyInstance = Fastify({
    serverFactory: (handler) => {
      handle = handler;
      return options.server;
    },
    // Express's rule for a hop count: the client is the address `trustProxy` hops behind the socket.
    trustProxy: options.trustProxy > 0 ? (_address: string, hop: number) => hop < options.trustProxy : false,
    logger: false,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
    frameworkErrors: (error, request, reply) => {
      setAnswerHeaders(request, reply);
      if (error.code === "FST_ERR_BAD_URL")
        return answerBadUrl(app, services, request, reply as FastifyReply);
      sendFailure(reply as FastifyReply, failure("input/invalid", "Unreadable request"));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("session", undefined);
  app.decorateRequest("sentBody", undefined);
  useJsonBodies(app);
  // Only to write cookies: the session and browser cookies are read where they are needed.
  await app.register(fastifyCookie, { hook: false });
  await app.register(fastifySwagger, openApiOptions());
  useAnswerHeadersAndTiming(app, options.metrics);
  app.setErrorHandler(handleErrors(services));
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).type("text/plain; charset=utf-8").send("Not found"),
  );
  await app.register(async (scope) =>
    registerHealthRoutes(scope, { handle: services.handle, pingRedis: options.pingRedis }),
  );
  await app.register(async (scope) => registerOperatorViews(scope, services, options.metrics));
  const forward = options.nodes ? createClusterForwarding(services, options.nodes) : undefined;
  await app.register(async (api) => registerApi(api, services, options.trustedOrigins, forward), {
    prefix: "/api",
  });
  await app.register(async (scope) => registerClient(scope, options.clientDist));
  await app.ready();
  if (!handle) throw new Error("Fastify did not hand over its request handler");
  return { app, handle };
}

/**
 * A path whose percent-escapes do not decode: a 400 when it would reach a route with a parameter
 * there (`/api/games/%ff/state`), else the 404 of a path nobody serves (`/api/games/dice%ff`).
 */
function answerBadUrl(
  app: FastifyInstance,
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const path = request.url.split("?")[0] ?? "/";
  const probe = path.replace(/[^/]*%[^/]*/g, "x");
  const route = app.findRoute({ method: request.method as "GET", url: probe });
  if (route && !("*" in route.params)) return answerBadPath(services, request, reply);
  if (!path.startsWith("/api/")) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
  return sendFailure(reply.header("Cache-Control", "no-store"), failure("http/not_found"));
}

/** The part of Colyseus's router this dispatch needs. */
interface ColyseusRouter {
  findRoute(method: string, path: string): unknown;
}

/**
 * Splits the server's requests between Colyseus and Fastify: call after Colyseus listens. The
 * paths Colyseus's router declares (its root page aside, which is the client's) reach Colyseus's
 * own listener; every other request goes to Fastify.
 */
export function dispatchRequests(server: Server, router: ColyseusRouter, fastify: RequestListener): void {
  const colyseus = server.listeners("request") as RequestListener[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    if (path !== "/" && router.findRoute(req.method ?? "GET", path) !== undefined) {
      for (const listener of colyseus) listener.call(server, req, res);
      return;
    }
    fastify.call(server, req, res);
  });
}
