/**
 * Guards Colyseus's matchmaking requests (`POST /matchmake/<method>/<room>`: join, create,
 * joinOrCreate, joinById, reconnect) before Colyseus reads them:
 * - the client's address is resolved as the API resolves it (the socket's peer, or behind
 *   TRUST_PROXY hops the forwarded one) and written into X-Real-IP, which is where Colyseus's
 *   `context.ip` is read first. Colyseus otherwise takes X-Real-IP / X-Forwarded-For as sent, so a
 *   client could name any address and get a fresh budget with each;
 * - each source address has a budget of matchmaking requests; over it the answer is 429 with
 *   Retry-After, before any session lookup or room work;
 * - the body (the join options) is read here, at most 16 kB (Colyseus's router sets no limit),
 *   and handed to Colyseus whole, so a slow or huge body never reaches it.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import { matchMaker } from "@colyseus/core";
import { addressBucket, forwardedClientAddress } from "../security/client-address.ts";
import type { CasinoServices } from "../services.ts";
import { ROOM_RATE_LIMITED } from "./room-admission.ts";

const MATCHMAKE_PREFIX = "/matchmake/";

/** Largest matchmaking body (join options) accepted. */
export const MATCHMAKE_BODY_LIMIT = 16 * 1024;

/** Answers a matchmaking request here, in Colyseus's error shape {code, error}, readable cross-origin. */
function answer(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  error: string,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ code: status, error });
  const cors = {
    ...matchMaker.controller.DEFAULT_CORS_HEADERS,
    ...matchMaker.controller.getCorsHeaders(new Headers({ origin: req.headers.origin ?? "" })),
  };
  res.writeHead(status, {
    ...cors,
    ...headers,
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(body)),
  });
  res.end(body);
}

/**
 * Reads the body into `req.body` (parsed when JSON, as Colyseus's own pre-reader does), which
 * Colyseus's router then uses instead of the stream. Resolves false when it answered (413, 400) or
 * the client went away.
 */
function readBody(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const tooLarge = () => {
      answer(req, res, 413, "request body too large", { Connection: "close" });
      req.destroy();
      resolve(false);
    };
    if (Number(req.headers["content-length"] ?? 0) > MATCHMAKE_BODY_LIMIT) return tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MATCHMAKE_BODY_LIMIT) return tooLarge();
      chunks.push(chunk);
    });
    req.once("error", () => resolve(false));
    req.once("end", () => {
      if (size > MATCHMAKE_BODY_LIMIT) return;
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = req as IncomingMessage & { body?: unknown };
      if (!(req.headers["content-type"] ?? "").includes("application/json")) body.body = raw;
      else {
        try {
          body.body = JSON.parse(raw || "{}");
        } catch {
          answer(req, res, 400, "malformed JSON body");
          return resolve(false);
        }
      }
      resolve(true);
    });
  });
}

/**
 * Puts the guard in front of the server's request listeners (call after Colyseus has installed
 * its own); every other request reaches them untouched.
 */
export function installMatchmakingGuard(server: Server, services: CasinoServices, proxyHops: number): void {
  const size = { perSecond: services.rateLimit.roomJoinPerSecond, burst: services.rateLimit.roomJoinBurst };
  const listeners = server.listeners("request") as RequestListener[];
  server.removeAllListeners("request");
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    for (const listener of listeners) listener.call(server, req, res);
  };

  /** Resolves the address, takes a token, reads the body; resolves false when it answered itself. */
  const admit = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const address = forwardedClientAddress(
      req.socket.remoteAddress,
      req.headers["x-forwarded-for"],
      proxyHops,
    );
    req.headers["x-real-ip"] = address ?? "unknown";
    const key = `room-join:${addressBucket(address)}`;
    const decision = await services.limiter.consume(key, size);
    if (decision.allowed) return readBody(req, res);
    services.limitEvents.report(key, {
      type: "rate_limited",
      severity: "medium",
      location: `${req.method} ${(req.url ?? "").split("?")[0]}`.slice(0, 200),
      details: "source address over its matchmaking budget",
      source: address,
      blocked: true,
      rule: "room-join-limit",
    });
    const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    answer(req, res, ROOM_RATE_LIMITED, `Too many room requests from this address: retry in ${seconds} s`, {
      "Retry-After": String(seconds),
    });
    return false;
  };

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST" || !req.url?.startsWith(MATCHMAKE_PREFIX)) return pass(req, res);
    admit(req, res).then(
      (admitted) => {
        if (admitted) pass(req, res);
      },
      (error: unknown) => {
        services.log.error({ err: error }, "matchmaking guard failed");
        if (!res.headersSent) answer(req, res, 500, "internal error");
      },
    );
  });
}
