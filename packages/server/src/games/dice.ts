/** Nebula Dice: one settled round per roll through the round service (SPEC.md section 7 dice response). */
import { type DiceOutcome, rollDice } from "@casino/protocol";
import type { DiceBody } from "@casino/protocol/schemas/game-bodies";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { playRound } from "../rounds/rounds.ts";
import { failureFromCode, gameFailure } from "./failures.ts";
import { streamOf } from "./fair-stream.ts";
import { answer, balanceFields, type GameReply, type Player, roundInfo, toCoins } from "./replies.ts";
import { type GameRuntime, isBettingPaused } from "./runtime.ts";

/** The fields of a roll besides dice1, dice2, total and winAmount. */
export type DiceRequest = Pick<DiceBody, "betAmount" | "currency" | "betType">;

/** Rolls two dice for a bet; `trx` runs it inside the caller's transaction (idempotent requests). */
export async function playDice(
  runtime: GameRuntime,
  player: Player,
  request: DiceRequest,
  trx?: Kysely<Database>,
): Promise<GameReply> {
  if (await isBettingPaused(runtime, trx)) return gameFailure("casino/maintenance");
  const { betAmount: stake, currency, betType } = request;
  let outcome: DiceOutcome | undefined;
  const result = await playRound(runtime.services.handle, {
    userId: player.userId,
    gameType: "dice",
    currency,
    stake,
    input: { game: "dice", stake, betType },
    decide: (fair) => {
      outcome = rollDice(stake, betType, streamOf(fair));
      return { win: outcome.win, outcome };
    },
    ...(trx ? { trx } : {}),
  });
  if (!result.ok) return failureFromCode(result.code, result.message);
  const rolled = outcome as DiceOutcome;
  return answer({
    dice1: rolled.dice1,
    dice2: rolled.dice2,
    total: rolled.total,
    winAmount: toCoins(rolled.win),
    isWin: rolled.isWin,
    betType,
    multiplier: rolled.multiplier,
    betAmount: toCoins(stake),
    currency,
    message: rolled.isWin ? "You win!" : "No win this time!",
    round: roundInfo(result.round),
    ...balanceFields(result.balances),
  });
}
