/**
 * Cosmic Hi-Lo over REST and rooms: start deals the first card, each guess draws the next one on
 * the server (a loss settles at once), cash-out pays the server's own streak and stake; the body's
 * streak and currentBet are never read.
 */
import {
  cashOutHilo,
  guessHilo,
  type HiloGuess,
  type HiloState,
  hiloRank,
  type RoundInput,
  startHilo,
} from "@casino/protocol";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { ActOnRoundInput } from "../rounds/types.ts";
import { streamOf } from "./fair-stream.ts";
import { type GameHandler, whileBettingOpen } from "./handler.ts";
import { hiloBody } from "./hilo-view.ts";
import { actOnPlayerRound, type OpeningStake, openPlayerRound } from "./player-rounds.ts";
import { answer, type GameReply, type Player } from "./replies.ts";
import type { GameRuntime } from "./runtime.ts";

/** The stored input of a hi-lo round. */
type HiloInput = Extract<RoundInput, { game: "hilo" }>;

/** Opens a round with its first card. */
export const startHiloRound: GameHandler<OpeningStake> = whileBettingOpen(
  async (runtime, player, request, trx) => {
    const { betAmount: stake, currency } = request;
    const input: HiloInput = { game: "hilo", stake, moves: [] };
    const start = (fair: Parameters<typeof streamOf>[0]) => ({ state: startHilo(stake, streamOf(fair)) });
    return openPlayerRound(
      runtime,
      player,
      { gameType: "hilo", currency, stake, input, start },
      trx,
      (round, balances) => answer(hiloBody(round, balances)),
    );
  },
);

/** The result line of a finished guess (SPEC.md section 8). */
function guessMessage(before: HiloState, after: HiloState): string {
  if (after.status === "active") return "Correct!";
  const previous = hiloRank(before.cards[before.cards.length - 1]!);
  const drawn = hiloRank(after.cards[after.cards.length - 1]!);
  return previous === drawn ? "Equal cards! Game over" : "Wrong! Game over";
}

/** Guesses the next card; a wrong guess or a tie settles the round as a loss. */
export async function guessHiloRound(
  runtime: GameRuntime,
  player: Player,
  guess: HiloGuess,
  trx?: Kysely<Database>,
): Promise<GameReply> {
  let message = "";
  const act: ActOnRoundInput["act"] = (round, fair) => {
    const state = round.state as HiloState;
    const step = guessHilo(state, guess, streamOf(fair, state.position));
    if ("error" in step) return { error: { code: step.error, message: step.error } };
    message = guessMessage(state, step.state);
    const input = round.input as HiloInput;
    const lost = step.state.status === "lost";
    return {
      state: step.state,
      input: { ...input, moves: [...input.moves, guess] },
      ...(lost ? { settled: { win: 0, outcome: step.state } } : {}),
    };
  };
  return actOnPlayerRound(runtime, player, "hilo", act, trx, (round, balances) => {
    const body = hiloBody(round, balances);
    const state = round.state as HiloState;
    return answer({ ...body, correct: state.status === "active", newCard: body.currentCard, message });
  });
}

/** Cashes out the server's streak at the server's stake. */
export async function cashOutHiloRound(
  runtime: GameRuntime,
  player: Player,
  trx?: Kysely<Database>,
): Promise<GameReply> {
  const act: ActOnRoundInput["act"] = (round) => {
    const step = cashOutHilo(round.state as HiloState);
    if ("error" in step) return { error: { code: step.error, message: step.error } };
    const input = round.input as HiloInput;
    return {
      state: step.state,
      input: { ...input, moves: [...input.moves, "cashout"] },
      settled: { win: step.state.win, outcome: step.state },
    };
  };
  return actOnPlayerRound(runtime, player, "hilo", act, trx, (round, balances) =>
    answer({ ...hiloBody(round, balances), message: "Cashed out!" }),
  );
}
