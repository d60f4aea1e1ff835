/**
 * GET /api/game-sessions/{wallet}: the player's rounds with what is needed to re-verify each.
 * Without paging keys: an array of the latest `limit` rounds (default 10, at most 100), as before.
 * With `pageSize`, `before` or a filter (historyPageQuerySchema): `{ rounds, nextCursor }`, one
 * page of an index walk; a bad query is a 400 and reads nothing.
 */
import {
  encodeHistoryCursor,
  historyPageQuerySchema,
  isHistoryPageQuery,
  unitsToCoins,
} from "@casino/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { findAutoSettled } from "../../games/auto-settled.ts";
import { listRounds } from "../../rounds/history.ts";
import type { HistoryRow } from "../../rounds/types.ts";
import type { CasinoServices } from "../../services.ts";
import { userSessionOf } from "../respond.ts";
import { requireSession } from "../session.ts";
import { parseQuery } from "../validate.ts";
import { guardWallet } from "../wallet-guard.ts";

const limitQuery = z.coerce.number().int().min(1).max(100).catch(10);

/** A stored round as the API shows it: amounts in coins, times as ISO text, and whether the server settled it. */
function toWire(row: HistoryRow, auto: Set<string>) {
  return {
    ...row,
    settledAutomatically: auto.has(row.id),
    betAmount: unitsToCoins(row.betAmount),
    winAmount: unitsToCoins(row.winAmount),
    createdAt: new Date(row.createdAt).toISOString(),
    settledAt: row.settledAt === null ? null : new Date(row.settledAt).toISOString(),
  };
}

/** One page of the history: a page size read plus one row to learn whether another page follows. */
async function sendPage(services: CasinoServices, request: FastifyRequest, reply: FastifyReply) {
  const q = parseQuery(services, historyPageQuerySchema, request, reply);
  if (!q) return reply;
  const rows = await listRounds(services.handle.db, userSessionOf(request).userId, q.pageSize + 1, {
    ...(q.before ? { before: q.before } : {}),
    ...(q.game ? { gameType: q.game } : {}),
    ...(q.currency ? { currency: q.currency } : {}),
    ...(q.from === undefined ? {} : { from: q.from }),
    ...(q.to === undefined ? {} : { to: q.to }),
    ...(q.winsOnly ? { winsOnly: true } : {}),
  });
  const page = rows.slice(0, q.pageSize);
  const last = page[page.length - 1];
  const auto = await findAutoSettled(
    services.handle.db,
    page.map((row) => row.id),
  );
  return reply.send({
    rounds: page.map((row) => toWire(row, auto)),
    nextCursor: rows.length > q.pageSize && last ? encodeHistoryCursor(last) : null,
  });
}

/** Routes under /api/game-sessions (the query's shape decides the answer's, so it is parsed here). */
export function registerHistoryRoutes(app: FastifyInstance, services: CasinoServices): void {
  app.get<{ Params: { wallet: string }; Querystring: Record<string, unknown> }>(
    "/:wallet",
    {
      schema: { summary: "The player's rounds, to re-verify each", params: z.object({ wallet: z.string() }) },
      preValidation: [requireSession(services), guardWallet(services, "wallet")],
    },
    async (request, reply) => {
      if (isHistoryPageQuery(request.query)) return sendPage(services, request, reply);
      const rows = await listRounds(
        services.handle.db,
        userSessionOf(request).userId,
        limitQuery.parse(request.query.limit),
      );
      const auto = await findAutoSettled(
        services.handle.db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toWire(row, auto));
    },
  );
}
