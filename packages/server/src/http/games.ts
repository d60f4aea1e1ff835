/**
 * The games' REST paths (SPEC.md section 7 games table, plus blackjack double/split and hi-lo
 * guess) under /api/games, and the seed's result report POST /api/crypto/place-bet. Every path
 * acts on the session's wallet and calls the same game services as the rooms. Without an
 * Idempotency-Key a bet takes the round service's fast path; with one it runs in the idempotent
 * transaction. Answers: the SPEC.md response fields, a `round` {id, nonce, serverSeedHash,
 * clientSeed, input} to verify once the seed is revealed, and `aminaBalance`/`houseBalance`.
 * Client-decided fields (plinko slotIndex, blackjack playerTotal and stand/bust betAmount, hi-lo
 * streak/currentBet) are accepted and ignored. GET /api/games/{type}/state resumes an open hand.
 * Rounds untouched for 2 minutes are settled by the rules (see games/abandoned.ts).
 */

import { placeBetBodySchema } from "@casino/protocol/schemas/crypto-bets";
import * as bodies from "@casino/protocol/schemas/game-bodies";
import express, { type Request, type Response, type Router } from "express";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { AppServices } from "../app-services.ts";
import type { Database } from "../db/schema.ts";
import { dealBlackjack, moveBlackjack, reportBlackjackBust } from "../games/blackjack.ts";
import { playDice } from "../games/dice.ts";
import { describeGameState } from "../games/game-state.ts";
import { cashOutHiloRound, guessHiloRound, startHiloRound } from "../games/hilo.ts";
import { checkReportedResult } from "../games/place-bet.ts";
import { playPlinko } from "../games/plinko.ts";
import type { GameReply, Player } from "../games/replies.ts";
import { buySlotsBonus, spinSlotsFor } from "../games/slots.ts";
import type { FastRoute } from "./fast-lane.ts";
import { runMoneyMove } from "./idempotency.ts";
import { clientAddress, requestLocation, sendFailure, userSessionOf } from "./respond.ts";
import { requireSession } from "./session.ts";
import { parseBody } from "./validate.ts";
import { guardWallet } from "./wallet-guard.ts";

/** The player behind a request (after requireSession). */
function playerOf(req: Request, res: Response): Player {
  const session = userSessionOf(res);
  return {
    userId: session.userId,
    walletAddress: session.walletAddress,
    source: clientAddress(req),
    location: requestLocation(req),
  };
}

/** Sends a game answer. */
function sendReply(res: Response, reply: GameReply): void {
  if (reply.ok) res.status(reply.status).json(reply.body);
  else sendFailure(res, reply);
}

/** A game action over a parsed body, optionally inside the idempotent request's transaction. */
type Serve = (player: Player, body: never, trx?: Kysely<Database>) => Promise<GameReply>;

/** One money-moving POST under /api/games: its path, body schema and action. */
interface GamePost {
  path: string;
  schema: z.ZodType;
  serve: Serve;
}

/** Declares a POST with its body type tied to its schema. */
function gamePost<S extends z.ZodType>(
  path: string,
  schema: S,
  serve: (player: Player, body: z.output<S>, trx?: Kysely<Database>) => Promise<GameReply>,
): GamePost {
  return { path, schema, serve: serve as Serve };
}

/** Every money-moving game POST (served by express and by the fast lane alike). */
function gamePosts(services: AppServices): GamePost[] {
  const runtime = services.games;
  return [
    gamePost("/slots", bodies.slotsSpinBodySchema, (p, b, trx) => spinSlotsFor(runtime, p, b, trx)),
    gamePost("/slots/buy-bonus", bodies.slotsBuyBonusBodySchema, (p, b, trx) =>
      buySlotsBonus(runtime, p, b, trx),
    ),
    gamePost("/plinko", bodies.plinkoBodySchema, (p, b, trx) => playPlinko(runtime, p, b, trx)),
    gamePost("/dice", bodies.diceBodySchema, (p, b, trx) => playDice(runtime, p, b, trx)),
    gamePost("/blackjack/deal", bodies.blackjackDealBodySchema, (p, b, trx) =>
      dealBlackjack(runtime, p, b, trx),
    ),
    gamePost("/blackjack/hit", bodies.blackjackMoveBodySchema, (p, _b, trx) =>
      moveBlackjack(runtime, p, "hit", trx),
    ),
    gamePost("/blackjack/stand", bodies.blackjackStandBodySchema, (p, _b, trx) =>
      moveBlackjack(runtime, p, "stand", trx),
    ),
    gamePost("/blackjack/double", bodies.blackjackMoveBodySchema, (p, _b, trx) =>
      moveBlackjack(runtime, p, "double", trx),
    ),
    gamePost("/blackjack/split", bodies.blackjackMoveBodySchema, (p, _b, trx) =>
      moveBlackjack(runtime, p, "split", trx),
    ),
    gamePost("/hilo/start", bodies.hiloStartBodySchema, (p, b, trx) => startHiloRound(runtime, p, b, trx)),
    gamePost("/hilo/guess", bodies.hiloGuessBodySchema, (p, b, trx) =>
      guessHiloRound(runtime, p, b.guess, trx),
    ),
    gamePost("/hilo/cashout", bodies.hiloCashoutBodySchema, (p, _b, trx) =>
      cashOutHiloRound(runtime, p, trx),
    ),
  ];
}

/** The same POSTs for the fast lane, by full path (requests with an Idempotency-Key stay on express). */
export function createGameFastRoutes(services: AppServices): Map<string, FastRoute> {
  return new Map(
    gamePosts(services).map((post) => [
      `/api/games${post.path}`,
      { schema: post.schema, serve: (player, body) => post.serve(player, body as never) },
    ]),
  );
}

/** Routes under /api/games. */
export function createGameRoutes(services: AppServices): Router {
  const runtime = services.games;
  const router = express.Router();
  router.use(requireSession(services), guardWallet(services));

  for (const post of gamePosts(services)) {
    router.post(post.path, async (req, res) => {
      const body = parseBody(services, post.schema, req, res) as never;
      if (!body) return;
      const player = playerOf(req, res);
      if (req.get("Idempotency-Key") === undefined) return sendReply(res, await post.serve(player, body));
      await runMoneyMove(services, req, res, (trx) => post.serve(player, body, trx));
    });
  }

  router.post("/blackjack/bust", async (req, res) => {
    if (!parseBody(services, bodies.blackjackBustBodySchema, req, res)) return;
    sendReply(res, await reportBlackjackBust(runtime, playerOf(req, res)));
  });

  router.get("/:gameType/state", async (req, res) => {
    const gameType = String(req.params.gameType);
    sendReply(res, await describeGameState(runtime, userSessionOf(res).userId, gameType));
  });

  return router;
}

/** The result report under /api/crypto (mounted beside the cashier routes). */
export function createPlaceBetRoutes(services: AppServices): Router {
  const runtime = services.games;
  const router = express.Router();
  router.post("/place-bet", requireSession(services), guardWallet(services), async (req, res) => {
    const body = parseBody(services, placeBetBodySchema, req, res);
    if (!body) return;
    sendReply(res, await checkReportedResult(runtime, playerOf(req, res), body));
  });
  return router;
}
