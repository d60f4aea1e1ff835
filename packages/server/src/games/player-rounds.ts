/**
 * The multi-step games' round calls (blackjack, hi-lo): open the player's round or act on it, in the
 * caller's transaction when given, and answer the round service's refusal as the game's failure or
 * the round (counted in the metrics first) as the game's reply.
 */
import type { Currency } from "@casino/protocol";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Balances } from "../ledger/ledger.ts";
import { actOnRound, openRound } from "../rounds/rounds.ts";
import type { ActOnRoundInput, OpenRoundInput, RoundRecord, RoundResult } from "../rounds/types.ts";
import { failureFromCode } from "./failures.ts";
import type { GameReply, Player } from "./replies.ts";
import type { GameRuntime } from "./runtime.ts";

/** What opening a round needs from the request: the stake and its currency (micro-units, checked). */
export interface OpeningStake {
  betAmount: number;
  currency: Currency;
}

/** What a game answers with a round the service stored or settled, and the balances after it. */
export type RoundReply = (round: RoundRecord, balances: Balances) => GameReply;

/** The round service's answer as the game's reply. */
function replyTo(
  runtime: GameRuntime,
  result: RoundResult,
  reply: RoundReply,
  trx: Kysely<Database> | undefined,
): GameReply {
  if (!result.ok) return failureFromCode(result.code, result.message);
  runtime.observeRound(result.round, trx === undefined);
  return reply(result.round, result.balances);
}

/** Opens the player's round of a game and answers what `reply` makes of it. */
export async function openPlayerRound(
  runtime: GameRuntime,
  player: Player,
  round: Omit<OpenRoundInput, "userId" | "trx">,
  trx: Kysely<Database> | undefined,
  reply: RoundReply,
): Promise<GameReply> {
  const result = await openRound(runtime.services.handle, {
    userId: player.userId,
    ...round,
    ...(trx ? { trx } : {}),
  });
  return replyTo(runtime, result, reply, trx);
}

/** Acts on the player's open round of a game and answers what `reply` makes of it. */
export async function actOnPlayerRound(
  runtime: GameRuntime,
  player: Player,
  gameType: string,
  act: ActOnRoundInput["act"],
  trx: Kysely<Database> | undefined,
  reply: RoundReply,
): Promise<GameReply> {
  const result = await actOnRound(runtime.services.handle, {
    userId: player.userId,
    gameType,
    act,
    ...(trx ? { trx } : {}),
  });
  return replyTo(runtime, result, reply, trx);
}
