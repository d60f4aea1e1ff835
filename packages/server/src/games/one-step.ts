/** One-step bets (dice, plinko, a paid slots spin): the pure rule draws the outcome and the round settles at once. */
import type { Currency, Failure, FloatStream, RoundInput } from "@casino/protocol";
import type { QueryBuilder, Steps } from "../db/steps.ts";
import type { Balances } from "../ledger/ledger.ts";
import { playRoundSteps } from "../rounds/rounds.ts";
import type { SettledRound } from "../rounds/types.ts";
import { failureFromCode } from "./failures.ts";
import { streamOf } from "./fair-stream.ts";
import type { GameRuntime } from "./runtime.ts";
import { runGameSteps } from "./steps.ts";

/**
 * What a one-step bet stores (its input's stake is what it debits) and the rule that draws its
 * outcome from the round's stream; a `prepaid` bet (a held free spin) debits nothing.
 */
export interface OneStepBet<Outcome extends { win: number }> {
  userId: string;
  currency: Currency;
  input: RoundInput;
  prepaid?: true;
  /** Nothing follows the bet in its transaction (see PlayRoundInput.endsTransaction). */
  endsTransaction?: true;
  draw: (stream: FloatStream) => Outcome;
}

/** A settled one-step round with the outcome its rule drew. */
export interface DrawnRound<Outcome> {
  ok: true;
  round: SettledRound;
  balances: Balances;
  outcome: Outcome;
}

/** Plays a one-step bet as steps; a refusal of the round service becomes the game's failure. */
export function* playOneStepSteps<Outcome extends { win: number }>(
  q: QueryBuilder,
  bet: OneStepBet<Outcome>,
): Steps<DrawnRound<Outcome> | Failure> {
  let outcome: Outcome | undefined;
  const result = yield* playRoundSteps(q, {
    userId: bet.userId,
    gameType: bet.input.game,
    currency: bet.currency,
    stake: bet.prepaid ? 0 : bet.input.stake,
    input: bet.input,
    ...(bet.prepaid ? { prepaid: true } : {}),
    ...(bet.endsTransaction ? { endsTransaction: true } : {}),
    decide: (fair) => {
      outcome = bet.draw(streamOf(fair));
      return { win: outcome.win, outcome };
    },
  });
  if (!result.ok) return failureFromCode(result.code, result.message);
  return { ...result, outcome: outcome as Outcome };
}

/** Plays a one-step bet in its own transaction, or inside the caller's when `trx` is given. */
export function playOneStep<Outcome extends { win: number }>(
  runtime: GameRuntime,
  bet: OneStepBet<Outcome>,
  trx?: Parameters<typeof runGameSteps>[1],
): Promise<DrawnRound<Outcome> | Failure> {
  return runGameSteps(runtime, trx, (q) => playOneStepSteps(q, { ...bet, endsTransaction: true })).then(
    (played) => {
      if (played.ok) runtime.observeRound(played.round, trx === undefined);
      return played;
    },
  );
}
