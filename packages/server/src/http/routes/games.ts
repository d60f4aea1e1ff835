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
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { AppServices } from "../../app-services.ts";
import type { Database } from "../../db/schema.ts";
import { dealBlackjack, moveBlackjack, reportBlackjackBust } from "../../games/blackjack.ts";
import { playDice } from "../../games/dice.ts";
import { describeGameState } from "../../games/game-state.ts";
import { cashOutHiloRound, guessHiloRound, startHiloRound } from "../../games/hilo.ts";
import { checkReportedResult } from "../../games/place-bet.ts";
import { playPlinko } from "../../games/plinko.ts";
import type { GameReply, Player } from "../../games/replies.ts";
import { buySlotsBonus, spinSlotsFor } from "../../games/slots.ts";
import { runMoneyMove } from "../idempotency.ts";
import { clientAddress, requestLocation, sendFailure, userSessionOf } from "../respond.ts";
import { requireSession } from "../session.ts";
import { guardWallet } from "../wallet-guard.ts";

/** The player behind a request (after requireSession). */
function playerOf(request: FastifyRequest): Player {
  const session = userSessionOf(request);
  return {
    userId: session.userId,
    walletAddress: session.walletAddress,
    source: clientAddress(request),
    location: requestLocation(request),
  };
}

/** Sends a game answer. */
function sendReply(reply: FastifyReply, answer: GameReply): FastifyReply {
  if (answer.ok) return reply.code(answer.status).send(answer.body);
  return sendFailure(reply, answer);
}

/** A game action over a parsed body, optionally inside the idempotent request's transaction. */
type Serve = (player: Player, body: never, trx?: Kysely<Database>) => Promise<GameReply>;

/** One money-moving POST under /api/games: its path, body schema and action. */
interface GamePost {
  path: string;
  summary: string;
  schema: z.ZodType;
  serve: Serve;
}

/** Declares a POST with its body type tied to its schema. */
function gamePost<S extends z.ZodType>(
  path: string,
  summary: string,
  schema: S,
  serve: (player: Player, body: z.output<S>, trx?: Kysely<Database>) => Promise<GameReply>,
): GamePost {
  return { path, summary, schema, serve: serve as Serve };
}

/** Every money-moving game POST. */
function gamePosts(services: AppServices): GamePost[] {
  const runtime = services.games;
  return [
    gamePost("/slots", "Spin the slots", bodies.slotsSpinBodySchema, (p, b, trx) =>
      spinSlotsFor(runtime, p, b, trx),
    ),
    gamePost("/slots/buy-bonus", "Buy the slots bonus", bodies.slotsBuyBonusBodySchema, (p, b, trx) =>
      buySlotsBonus(runtime, p, b, trx),
    ),
    gamePost("/plinko", "Drop a plinko ball", bodies.plinkoBodySchema, (p, b, trx) =>
      playPlinko(runtime, p, b, trx),
    ),
    gamePost("/dice", "Roll the dice", bodies.diceBodySchema, (p, b, trx) => playDice(runtime, p, b, trx)),
    gamePost("/blackjack/deal", "Deal a blackjack hand", bodies.blackjackDealBodySchema, (p, b, trx) =>
      dealBlackjack(runtime, p, b, trx),
    ),
    gamePost("/blackjack/hit", "Blackjack: hit", bodies.blackjackMoveBodySchema, (p, _b, trx) =>
      moveBlackjack(runtime, p, "hit", trx),
    ),
    gamePost("/blackjack/stand", "Blackjack: stand", bodies.blackjackStandBodySchema, (p, _b, trx) =>
      moveBlackjack(runtime, p, "stand", trx),
    ),
    gamePost("/blackjack/double", "Blackjack: double down", bodies.blackjackMoveBodySchema, (p, _b, trx) =>
      moveBlackjack(runtime, p, "double", trx),
    ),
    gamePost("/blackjack/split", "Blackjack: split", bodies.blackjackMoveBodySchema, (p, _b, trx) =>
      moveBlackjack(runtime, p, "split", trx),
    ),
    gamePost("/hilo/start", "Start a hi-lo round", bodies.hiloStartBodySchema, (p, b, trx) =>
      startHiloRound(runtime, p, b, trx),
    ),
    gamePost("/hilo/guess", "Hi-lo: guess the next card", bodies.hiloGuessBodySchema, (p, b, trx) =>
      guessHiloRound(runtime, p, b.guess, trx),
    ),
    gamePost("/hilo/cashout", "Hi-lo: cash out", bodies.hiloCashoutBodySchema, (p, _b, trx) =>
      cashOutHiloRound(runtime, p, trx),
    ),
  ];
}

/**
 * Routes under /api/games. A bet without an Idempotency-Key takes the round service's fast path;
 * answers are left undeclared here (the game answer schemas live in protocol).
 */
export function registerGameRoutes(scope: FastifyInstance, services: AppServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const runtime = services.games;
  const guards = { preValidation: [requireSession(services), guardWallet(services)] };

  for (const post of gamePosts(services)) {
    app.post(
      post.path,
      { ...guards, schema: { summary: post.summary, body: post.schema } },
      async (request, reply) => {
        const body = request.body as never;
        const player = playerOf(request);
        if (request.headers["idempotency-key"] === undefined)
          return sendReply(reply, await post.serve(player, body));
        return runMoneyMove(services, request, reply, (trx) => post.serve(player, body, trx));
      },
    );
  }

  app.post(
    "/blackjack/bust",
    { ...guards, schema: { summary: "Report a blackjack bust", body: bodies.blackjackBustBodySchema } },
    async (request, reply) => sendReply(reply, await reportBlackjackBust(runtime, playerOf(request))),
  );

  app.get(
    "/:gameType/state",
    { ...guards, schema: { summary: "Resume an open hand", params: z.object({ gameType: z.string() }) } },
    async (request, reply) =>
      sendReply(
        reply,
        await describeGameState(runtime, userSessionOf(request).userId, request.params.gameType),
      ),
  );
}

/** The result report under /api/crypto (registered beside the cashier routes). */
export function registerPlaceBetRoute(scope: FastifyInstance, services: AppServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const runtime = services.games;
  app.post(
    "/place-bet",
    {
      preValidation: [requireSession(services), guardWallet(services)],
      schema: { summary: "Check a reported result against the seed", body: placeBetBodySchema },
    },
    async (request, reply) =>
      sendReply(reply, await checkReportedResult(runtime, playerOf(request), request.body)),
  );
}
