/**
 * The games' bet paths served straight from Node's HTTP server, without express: at thousands of
 * bets a second express's layers cost more than the bet itself. For these paths the lane does what
 * the /api chain does — security and CORS headers, Cache-Control, the API timing, both rate limits,
 * the JSON body (16 kB at most), the session, the wallet guard and the body schema — with the same
 * answers and security events. Whatever it is not sure to handle the ordinary way (another path or
 * method, an Idempotency-Key, a body that is not plain JSON with a length, a proxy in front, a
 * foreign Origin) goes to the usual listeners untouched.
 */

import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import { matchMaker } from "@colyseus/core";
import type { z } from "zod";
import type { AppServices } from "../app-services.ts";
import { sessionTokenOf } from "../auth/session-token.ts";
import { findSession } from "../auth/sessions.ts";
import type { GameReply, Player } from "../games/replies.ts";
import { answerUnexpected, describeIssue } from "../replies.ts";
import type { Severity } from "../security/events.ts";
import { type Failure, failure } from "./failures.ts";
import { addressKey, takeToken } from "./rate-limit.ts";
import { foreignOrigin } from "./request-origin.ts";
import { SECURITY_HEADERS } from "./security-headers.ts";
import { foreignWalletField } from "./wallet-guard.ts";

/** Largest body the lane reads (the /api body limit); larger ones go to express, which answers 413. */
const FAST_BODY_LIMIT = 16 * 1024;

/** One POST path of the lane: its body schema and the game action. */
export interface FastRoute {
  schema: z.ZodType;
  serve(player: Player, body: unknown): Promise<GameReply>;
}

/**
 * Whether the lane takes this request (decided from the request line and headers alone); a request
 * from a foreign page goes to the express chain, which refuses it.
 */
function takes(
  req: IncomingMessage,
  routes: Map<string, FastRoute>,
  trustedOrigins: readonly string[],
): FastRoute | undefined {
  if (req.method !== "POST") return undefined;
  const route = routes.get(req.url ?? "");
  if (!route) return undefined;
  const headers = req.headers;
  if (foreignOrigin(req.method, headers, trustedOrigins) !== undefined) return undefined;
  const length = Number(headers["content-length"]);
  if (!Number.isSafeInteger(length) || length > FAST_BODY_LIMIT) return undefined;
  if (headers["idempotency-key"] !== undefined || headers["transfer-encoding"] !== undefined)
    return undefined;
  if (headers["content-encoding"] !== undefined && headers["content-encoding"] !== "identity")
    return undefined;
  const type = headers["content-type"] ?? "";
  if (!/^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(type)) return undefined;
  return route;
}

/** Reads the whole body (its length is known and small). */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.once("error", reject);
  });
}

/** Serves the lane's requests for one casino. */
function createLane(
  services: AppServices,
  routes: Map<string, FastRoute>,
  trustedOrigins: readonly string[],
) {
  const metrics = services.operator.metrics;
  const addressLimit = {
    perSecond: services.rateLimit.addressPerSecond,
    burst: services.rateLimit.addressBurst,
  };
  const sessionLimit = {
    perSecond: services.rateLimit.sessionPerSecond,
    burst: services.rateLimit.sessionBurst,
  };

  const send = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    const origin = req.headers.origin;
    const cors = {
      ...matchMaker.controller.DEFAULT_CORS_HEADERS,
      ...matchMaker.controller.getCorsHeaders({
        get: (name: string) => (name === "origin" ? (origin ?? null) : null),
      } as Headers),
    };
    res.writeHead(status, {
      ...cors,
      ...SECURITY_HEADERS,
      "Cache-Control": "no-store",
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(text),
    });
    res.end(text);
  };

  const refuse = (
    req: IncomingMessage,
    res: ServerResponse,
    fail: Failure,
    event: { type: string; severity: Severity; details?: string; rule?: string },
    extraHeaders: Record<string, string> = {},
  ) => {
    services.security.recordSecurityEvent({
      type: event.type,
      severity: event.severity,
      location: `${req.method} ${req.url}`.slice(0, 200),
      details: event.details ?? `${fail.code}: ${fail.message}`,
      source: req.socket.remoteAddress,
      blocked: true,
      rule: event.rule ?? fail.code,
    });
    for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
    send(req, res, fail.status, { code: fail.code, message: fail.message });
  };

  const limited = async (
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    what: string,
    size: typeof addressLimit,
  ) => {
    const retryAfter = await takeToken(services, key, size, what, {
      location: `${req.method} ${req.url}`.slice(0, 200),
      source: req.socket.remoteAddress,
    });
    if (retryAfter === undefined) return false;
    const fail = failure("http/rate_limited");
    res.setHeader("Retry-After", retryAfter);
    send(req, res, fail.status, { code: fail.code, message: fail.message });
    return true;
  };

  const serve = async (req: IncomingMessage, res: ServerResponse, route: FastRoute) => {
    const started = performance.now();
    res.once("finish", () => {
      metrics.record(performance.now() - started, res.statusCode);
      services.metrics.observeRequest(
        "POST",
        req.url ?? "",
        res.statusCode,
        (performance.now() - started) / 1000,
      );
    });
    if (
      await limited(req, res, addressKey(req.socket.remoteAddress), "source address requests", addressLimit)
    )
      return;
    const text = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    // As express.json's strict mode: only an object or an array is a JSON body.
    if (body === null || typeof body !== "object")
      return refuse(req, res, failure("http/malformed_json"), { type: "malformed_input", severity: "low" });
    const session = await findSession(services.handle.db, sessionTokenOf(req.headers), services.now());
    if (
      session &&
      (await limited(req, res, `session:${session.tokenHash}`, "session requests", sessionLimit))
    )
      return;
    if (!session?.userId || !session.walletAddress)
      return refuse(req, res, failure("auth/no_session"), { type: "auth_failure", severity: "low" });
    const user = { ...session, userId: session.userId, walletAddress: session.walletAddress };
    const foreign = foreignWalletField(body, user);
    if (foreign) {
      return refuse(req, res, failure("auth/wallet_mismatch"), {
        type: "wallet_mismatch",
        severity: "high",
        details: `${foreign} names another wallet than the session's ${user.walletAddress}`,
      });
    }
    const parsed = route.schema.safeParse(body);
    if (!parsed.success) {
      return refuse(req, res, failure("input/invalid", describeIssue(parsed.error)), {
        type: "invalid_input",
        severity: "low",
      });
    }
    const player: Player = {
      userId: user.userId,
      walletAddress: user.walletAddress,
      source: req.socket.remoteAddress,
      location: `POST ${req.url}`,
    };
    const reply = await route.serve(player, parsed.data);
    if (reply.ok) send(req, res, reply.status, reply.body);
    else send(req, res, reply.status, { code: reply.code, message: reply.message });
  };

  return { takes: (req: IncomingMessage) => takes(req, routes, trustedOrigins), serve };
}

/**
 * Puts the lane in front of the server's request listeners (call after Colyseus has installed its
 * own): the lane's requests are answered here, every other request reaches the listeners as before.
 */
export function installFastLane(
  server: Server,
  services: AppServices,
  routes: Map<string, FastRoute>,
  trustedOrigins: readonly string[] = [],
): void {
  const lane = createLane(services, routes, trustedOrigins);
  const listeners = server.listeners("request") as RequestListener[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const route = lane.takes(req);
    if (!route) {
      for (const listener of listeners) listener.call(server, req, res);
      return;
    }
    lane.serve(req, res, route).catch((error: unknown) => {
      const { fail, headers } = answerUnexpected(services.log, error, {
        location: `${req.method} ${req.url}`,
      });
      if (!res.headersSent) {
        res.writeHead(fail.status, {
          "Content-Type": "application/json; charset=utf-8",
          ...SECURITY_HEADERS,
          ...headers,
        });
        res.end(JSON.stringify({ code: fail.code, message: fail.message }));
      }
    });
  });
}
