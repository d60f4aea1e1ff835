/**
 * Every single-player game over REST, with the request bodies typed by the same zod schemas the
 * server validates them with (@casino/protocol), checked here before sending so a script's mistake
 * is reported as the schema's issue instead of a 400.
 */

import * as bodies from "@casino/protocol/schemas/game-bodies";
import type { z } from "zod";
import type { CasinoSession } from "./session.ts";

/** A game answer: the REST body (SPEC.md section 7) and its status. */
export type GameAnswer = { status: number; body: Record<string, unknown> };

/** Sends a body after checking it against its route's schema. */
function send<S extends z.ZodType>(session: CasinoSession, path: string, schema: S, body: z.input<S>) {
  const checked = schema.safeParse(body);
  if (!checked.success) throw new Error(`sdk/invalid_body ${path}: ${checked.error.message}`);
  return session.post(path, body) as Promise<GameAnswer>;
}

/** The REST games of one session. */
export function gamesOf(session: CasinoSession) {
  /** A game call that posts its body to `path` once `schema` accepts it. */
  const post =
    <S extends z.ZodType>(path: string, schema: S) =>
    (body: z.input<S>) =>
      send(session, `/api/games/${path}`, schema, body);
  return {
    rollDice: post("dice", bodies.diceBodySchema),
    dropPlinko: post("plinko", bodies.plinkoBodySchema),
    spinSlots: post("slots", bodies.slotsSpinBodySchema),
    startHilo: post("hilo/start", bodies.hiloStartBodySchema),
    guessHilo: post("hilo/guess", bodies.hiloGuessBodySchema),
    cashOutHilo: (body: z.input<typeof bodies.hiloCashoutBodySchema> = {}) =>
      post("hilo/cashout", bodies.hiloCashoutBodySchema)(body),
    dealBlackjack: post("blackjack/deal", bodies.blackjackDealBodySchema),
    hitBlackjack: () => post("blackjack/hit", bodies.blackjackMoveBodySchema)({}),
    standBlackjack: () => post("blackjack/stand", bodies.blackjackStandBodySchema)({}),
  };
}
