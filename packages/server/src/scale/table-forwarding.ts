/**
 * A poker table lives in the memory of the one process that holds its lease, but the proxy in
 * front sends a REST call to any process. This middleware, mounted before the poker routes, hands a
 * call about a table hosted elsewhere to its host over HTTP and relays the answer unchanged, so a
 * player may reach any process. Calls about tables hosted here, or nowhere, go on to the routes.
 */
import { Agent, request } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { AppServices } from "../app-services.ts";
import { sessionTokenOf } from "../auth/session-token.ts";
import { findSession } from "../auth/sessions.ts";
import type { CasinoServices } from "../services.ts";
import type { NodeRegistry } from "./node-registry.ts";
import { findTableOwner, listTablesOfPlayer } from "./table-owner.ts";

/** Marks a forwarded call; a marked call is always handled where it lands (no loops). */
export const FORWARDED_HEADER = "x-casino-forwarded-by";

/** The table paths under /api/poker that act on one table. */
const TABLE_PATH = /^\/tables\/([^/]+)(?:\/(join|start-hand|action|sit-out|pre-action|leave))?\/?$/;

/** The table a call is about, if it is about exactly one. */
async function tableOfCall(services: CasinoServices, req: Request): Promise<string | undefined> {
  const match = TABLE_PATH.exec(req.path);
  if (match?.[1]) return decodeURIComponent(match[1]);
  if (req.method !== "POST" || req.path !== "/chip-transaction") return undefined;
  const session = await findSession(services.handle.db, sessionTokenOf(req.headers), services.now());
  if (!session?.userId) return undefined;
  const tables = await listTablesOfPlayer(services.handle.db, session.userId);
  return tables.length === 1 ? tables[0] : undefined;
}

/** Creates the forwarding middleware of this process (`nodeId`: its poker lease owner id). */
export function forwardTableCalls(
  services: AppServices,
  registry: NodeRegistry,
  nodeId: () => string,
): RequestHandler {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.headers[FORWARDED_HEADER] !== undefined) return next();
    try {
      const tableId = await tableOfCall(services, req);
      if (tableId === undefined || services.poker.hostedTable(tableId)) return next();
      const owner = await findTableOwner(services.handle.db, tableId, services.now());
      if (!owner || owner === nodeId()) return next();
      const node = await registry.find(owner);
      if (!node) return next();
      relay(req, res, { target: node.internalUrl, via: nodeId(), agent, unreachable: TABLE_UNREACHABLE });
    } catch (error) {
      next(error);
    }
  };
}

/** What a player reads when the table's host does not answer. */
const TABLE_UNREACHABLE = "The table's server is unreachable; try again";

/** Where and how a call is handed on; `body` is the raw body when a middleware already read it. */
export interface RelayTarget {
  target: string;
  via: string;
  agent: Agent;
  unreachable: string;
  body?: Buffer;
}

/** Sends the call to `target` as it came (method, path, headers, body) and pipes the answer back. */
export function relay(req: Request, res: Response, to: RelayTarget): void {
  const { target, via, agent, body } = to;
  const url = new URL(req.originalUrl, target);
  const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
  const upstream = request(
    url,
    {
      method: req.method,
      agent,
      // The Host stays the one the player's page named, so the host's Origin check agrees with this one's.
      headers: {
        ...req.headers,
        host: req.headers.host ?? url.host,
        [FORWARDED_HEADER]: via,
        "x-forwarded-for": forwardedFor,
      },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => {
    if (res.headersSent) return void res.destroy();
    res.status(502).json({ code: "cluster/host_unreachable", message: to.unreachable });
  });
  if (body) upstream.end(body);
  else req.pipe(upstream);
}
