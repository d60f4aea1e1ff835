/**
 * Scaled out, a poker table lives in the memory of the one process holding its lease, and a
 * currency's Supernova round runs in the one process holding its lease, but the proxy in front
 * sends a REST call to any process. These route hooks hand a call about a table or round hosted
 * elsewhere to its host over HTTP (with the player's session, Idempotency-Key, Host header and the
 * JSON body as sent) and relay the answer unchanged, so the host's clock and table decide. Calls
 * about what is hosted here, or nowhere yet, go on to the routes; a forwarded call is always
 * handled where it lands (no loops).
 */
import { Agent, request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import { CURRENCIES, type Currency } from "@casino/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppServices } from "../app-services.ts";
import { findCrashHost } from "../crash/lease.ts";
import type { NodeRegistry } from "../scale/node-registry.ts";
import { findTableOwner, listTablesOfPlayer } from "../scale/table-owner.ts";
import type { RouteHook } from "./respond.ts";

/** Marks a forwarded call. */
export const FORWARDED_HEADER = "x-casino-forwarded-by";

/** What a player reads when the table's host does not answer. */
const TABLE_UNREACHABLE = "The table's server is unreachable; try again";
/** What a player reads when the round's host does not answer. */
const CRASH_UNREACHABLE = "Supernova's server is unreachable; try again";

/** The hooks of the routes that may be handed on. */
export interface ClusterForwarding {
  /** Table routes (`:id` is the table). */
  pokerTable: RouteHook;
  /** The chip cashier (the table is the player's only one). */
  pokerChips: RouteHook;
  /** Supernova's bet, cash-out (the body's currency) and state (`:currency`). */
  crash: RouteHook;
}

/** Sends the call to `target` as it came (method, path, headers, JSON body) and relays the answer. */
function relay(
  request: FastifyRequest,
  reply: FastifyReply,
  to: { target: string; via: string; agent: Agent; unreachable: string },
): FastifyReply {
  const url = new URL(request.url, to.target);
  const forwardedFor = [request.headers["x-forwarded-for"], request.socket.remoteAddress]
    .filter(Boolean)
    .join(", ");
  const body = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body));
  // The Host stays the one the player's page named, so the host's Origin check agrees with this one's.
  const headers: OutgoingHttpHeaders = {
    ...request.headers,
    host: request.headers.host ?? url.host,
    [FORWARDED_HEADER]: to.via,
    "x-forwarded-for": forwardedFor,
  };
  delete headers["transfer-encoding"];
  delete headers["content-encoding"];
  if (body) headers["content-length"] = String(body.length);
  reply.hijack();
  const res = reply.raw;
  const upstream = httpRequest(url, { method: request.method, agent: to.agent, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on("error", () => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, { "Content-Type": "application/json; charset=utf-8" });
    res.end(JSON.stringify({ code: "cluster/host_unreachable", message: to.unreachable }));
  });
  upstream.end(body);
  return reply;
}

/** A value as a currency, or undefined. */
function currencyOf(value: unknown): Currency | undefined {
  return CURRENCIES.find((c) => c === value);
}

/** Creates the hooks of this process (`nodeId`: its lease owner id). */
export function createClusterForwarding(services: AppServices, nodes: NodeRegistry): ClusterForwarding {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const nodeId = () => services.poker.settings.nodeId;

  /** Hands the call to `owner` when it is another live process; else the route answers. */
  const handOn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    owner: string | undefined,
    unreachable: string,
  ) => {
    if (!owner || owner === nodeId()) return;
    const node = await nodes.find(owner);
    if (!node) return;
    return relay(request, reply, { target: node.internalUrl, via: nodeId(), agent, unreachable });
  };
  const forwarded = (request: FastifyRequest) => request.headers[FORWARDED_HEADER] !== undefined;

  const toTableHost = async (request: FastifyRequest, reply: FastifyReply, tableId: string | undefined) => {
    if (tableId === undefined || services.poker.hostedTable(tableId)) return;
    const owner = await findTableOwner(services.handle.db, tableId, services.now());
    return handOn(request, reply, owner, TABLE_UNREACHABLE);
  };

  return {
    pokerTable: async (request, reply) => {
      if (forwarded(request)) return;
      return toTableHost(request, reply, (request.params as { id?: string }).id);
    },
    pokerChips: async (request, reply) => {
      const userId = request.session?.userId;
      if (forwarded(request) || !userId) return;
      const tables = await listTablesOfPlayer(services.handle.db, userId);
      return toTableHost(request, reply, tables.length === 1 ? tables[0] : undefined);
    },
    crash: async (request, reply) => {
      if (forwarded(request)) return;
      const named =
        (request.params as { currency?: unknown }).currency ??
        (request.body as { currency?: unknown } | undefined)?.currency;
      const currency = currencyOf(named);
      if (currency === undefined || services.crash.engine(currency)) return;
      const host = await findCrashHost(services.handle, currency, services.now());
      return handOn(request, reply, host ?? undefined, CRASH_UNREACHABLE);
    },
  };
}
