/**
 * Supernova over REST under /api/crash: POST /bet and /cashout act on the session's wallet (with an
 * Idempotency-Key a retry answers the first answer and moves nothing twice); GET /state/{currency}
 * is the round as a joining client sees it; GET /rounds/{currency}/{number} gives what verifies a
 * finished round (hash, salt, crash point) and GET /chain/{currency} the published commitment.
 */
import { CURRENCIES, type Currency, failure } from "@casino/protocol";
import { crashBetBodySchema, crashCashOutBodySchema } from "@casino/protocol/games/crash/schemas";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppServices } from "../../app-services.ts";
import { publicChainOf } from "../../crash/chain-store.ts";
import { cashOutCrashBet, placeCrashBet } from "../../crash/replies.ts";
import { crashDb } from "../../crash/tables.ts";
import { runMoneyMove } from "../idempotency.ts";
import { type RouteHook, sendFailure, userSessionOf } from "../respond.ts";
import { requireSession } from "../session.ts";
import { guardWallet } from "../wallet-guard.ts";

/** A path's currency, or undefined. */
function currencyOf(value: unknown): Currency | undefined {
  return CURRENCIES.find((c) => c === value);
}

/** The answer while a currency's engine has not started yet. */
function answerStarting(reply: FastifyReply): FastifyReply {
  return sendFailure(reply, failure("crash/starting"));
}

/** The routes of /api/crash; `forward` (scaled out) hands a call for a round hosted elsewhere to its host. */
export function registerCrashRoutes(
  scope: FastifyInstance,
  services: AppServices,
  forward: RouteHook[] = [],
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const crash = services.crash;
  const guards = { preValidation: [...forward, requireSession(services), guardWallet(services)] };
  const byCurrency = z.object({ currency: z.string() });

  app.post(
    "/bet",
    { ...guards, schema: { summary: "Bet on the running Supernova round", body: crashBetBodySchema } },
    async (request, reply) => {
      const { userId } = userSessionOf(request);
      const body = request.body;
      return runMoneyMove(services, request, reply, (trx) => placeCrashBet(crash, userId, body, trx));
    },
  );

  app.post(
    "/cashout",
    { ...guards, schema: { summary: "Cash out the Supernova bet", body: crashCashOutBodySchema } },
    async (request, reply) => {
      const { userId } = userSessionOf(request);
      const currency = request.body.currency;
      return runMoneyMove(services, request, reply, (trx) => cashOutCrashBet(crash, userId, currency, trx));
    },
  );

  app.get(
    "/state/:currency",
    {
      preValidation: forward,
      schema: { summary: "The round as a joining client sees it", params: byCurrency },
    },
    async (request, reply) => {
      const currency = currencyOf(request.params.currency);
      const engine = crash.engine(currency ?? "HC");
      if (!currency) return sendFailure(reply, failure("input/invalid"));
      if (!engine) return answerStarting(reply);
      return engine.snapshot();
    },
  );

  app.get(
    "/chain/:currency",
    { schema: { summary: "The published hash chain commitment", params: byCurrency } },
    async (request, reply) => {
      const currency = currencyOf(request.params.currency);
      if (!currency) return sendFailure(reply, failure("input/invalid"));
      const chain = await publicChainOf(services.handle, currency);
      if (!chain) return answerStarting(reply);
      return chain;
    },
  );

  app.get(
    "/rounds/:currency/:number",
    {
      schema: {
        summary: "What verifies a finished round",
        params: z.object({ currency: z.string(), number: z.string() }),
      },
    },
    async (request, reply) => {
      const currency = currencyOf(request.params.currency);
      const number = Number(request.params.number);
      if (!currency || !Number.isSafeInteger(number) || number < 1)
        return sendFailure(reply, failure("input/invalid"));
      const [chain, round] = await Promise.all([
        publicChainOf(services.handle, currency),
        crashDb(services.handle.db)
          .selectFrom("crash_rounds")
          .selectAll()
          .where("currency", "=", currency)
          .where("number", "=", number)
          .executeTakeFirst(),
      ]);
      // A round's hash is shown only once its flight is over.
      if (!chain || !round || round.hash === null)
        return sendFailure(reply, failure("crash/round_not_found"));
      return {
        currency,
        number,
        status: round.status,
        hash: round.hash,
        salt: chain.salt,
        saltBlock: chain.saltBlock,
        terminal: chain.terminal,
        crashPoint: round.status === "void" ? null : Number(round.crash_point),
        endPoint: round.end_point === null ? null : Number(round.end_point),
        startedAt: round.started_at === null ? null : Number(round.started_at),
        endedAt: round.ended_at === null ? null : Number(round.ended_at),
      };
    },
  );
}
