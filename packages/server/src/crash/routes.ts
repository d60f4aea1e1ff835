/**
 * Supernova over REST under /api/crash: POST /bet and /cashout act on the session's wallet (with an
 * Idempotency-Key a retry answers the first answer and moves nothing twice); GET /state/{currency}
 * is the round as a joining client sees it; GET /rounds/{currency}/{number} gives what verifies a
 * finished round (hash, salt, crash point) and GET /chain/{currency} the published commitment.
 */
import { CURRENCIES, type Currency, failure } from "@casino/protocol";
import { crashBetBodySchema, crashCashOutBodySchema } from "@casino/protocol/games/crash/schemas";
import express, { type Router } from "express";
import type { AppServices } from "../app-services.ts";
import { runMoneyMove } from "../http/idempotency.ts";
import { sendFailure, userSessionOf } from "../http/respond.ts";
import { requireSession } from "../http/session.ts";
import { parseBody } from "../http/validate.ts";
import { guardWallet } from "../http/wallet-guard.ts";
import { publicChainOf } from "./chain-store.ts";
import { cashOutCrashBet, placeCrashBet } from "./replies.ts";
import { crashDb } from "./tables.ts";

/** A path's currency, or undefined. */
function currencyOf(value: unknown): Currency | undefined {
  return CURRENCIES.find((c) => c === value);
}

/** The routes of /api/crash. */
export function createCrashRoutes(services: AppServices): Router {
  const router = express.Router();
  const crash = services.crash;

  router.post("/bet", requireSession(services), guardWallet(services), async (req, res) => {
    const body = parseBody(services, crashBetBodySchema, req, res);
    if (!body) return;
    const { userId } = userSessionOf(res);
    await runMoneyMove(services, req, res, (trx) => placeCrashBet(crash, userId, body, trx));
  });

  router.post("/cashout", requireSession(services), guardWallet(services), async (req, res) => {
    const body = parseBody(services, crashCashOutBodySchema, req, res);
    if (!body) return;
    const { userId } = userSessionOf(res);
    await runMoneyMove(services, req, res, (trx) => cashOutCrashBet(crash, userId, body.currency, trx));
  });

  router.get("/state/:currency", (req, res) => {
    const engine = crash.engine(currencyOf(req.params.currency) ?? "HC");
    if (!currencyOf(req.params.currency)) return sendFailure(res, failure("input/invalid"));
    if (!engine)
      return res.status(503).json({ code: "crash/starting", message: "Supernova is getting ready" });
    res.json(engine.snapshot());
  });

  router.get("/chain/:currency", async (req, res) => {
    const currency = currencyOf(req.params.currency);
    if (!currency) return sendFailure(res, failure("input/invalid"));
    const chain = await publicChainOf(services.handle, currency);
    if (!chain)
      return res.status(503).json({ code: "crash/starting", message: "Supernova is getting ready" });
    res.json(chain);
  });

  router.get("/rounds/:currency/:number", async (req, res) => {
    const currency = currencyOf(req.params.currency);
    const number = Number(req.params.number);
    if (!currency || !Number.isSafeInteger(number) || number < 1)
      return sendFailure(res, failure("input/invalid"));
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
      return res
        .status(404)
        .json({ code: "crash/round_not_found", message: "That round has not finished yet" });
    res.json({
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
    });
  });

  return router;
}
