/** Nebula Dice: one settled round per roll through the round service (SPEC.md section 7 dice response). */
import { type DiceResult, type FloatStream, rollDice } from "@casino/protocol";
import type { DiceBody } from "@casino/protocol/schemas/game-bodies";
import { type GameHandler, whileBettingOpen } from "./handler.ts";
import { playOneStep } from "./one-step.ts";
import { type Accepted, answer, balanceFields, roundInfo, toCoins } from "./replies.ts";

/** The fields of a roll besides dice1, dice2, total and winAmount. */
export type DiceRequest = Pick<DiceBody, "betAmount" | "currency" | "betType">;

/** Rolls two dice for a bet. */
export const playDice: GameHandler<DiceRequest> = whileBettingOpen(async (runtime, player, request, trx) => {
  const { betAmount: stake, currency, betType } = request;
  const input = { game: "dice" as const, stake, betType };
  const draw = (stream: FloatStream) => rollDice(stake, betType, stream);
  const played = await playOneStep(runtime, { userId: player.userId, currency, input, draw }, trx);
  if (!played.ok) return played;
  const rolled = played.outcome;
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
    round: roundInfo(played.round),
    ...balanceFields(played.balances),
  } satisfies Accepted<DiceResult>);
});
