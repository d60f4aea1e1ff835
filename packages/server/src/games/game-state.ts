/**
 * A player's resumable state per game (GET /api/games/{type}/state and a room's state on join): the
 * open blackjack hand or hi-lo round in the player's view, the free spins held, the balls in flight.
 */
import { type GameStateResult, isSinglePlayerGame } from "@casino/protocol";
import { getBalances } from "../ledger/ledger.ts";
import { findOpenRound } from "../rounds/history.ts";
import { blackjackBody } from "./blackjack-view.ts";
import { gameFailure } from "./failures.ts";
import { listFreeSpins } from "./free-spins.ts";
import { hiloBody } from "./hilo-view.ts";
import { type Accepted, answer, balanceFields, type GameReply, toCoins } from "./replies.ts";
import type { GameRuntime } from "./runtime.ts";

/** The state answer of one game for one player. */
export async function describeGameState(
  runtime: GameRuntime,
  userId: string,
  gameType: string,
): Promise<GameReply> {
  if (!isSinglePlayerGame(gameType)) return gameFailure("game/unknown");
  const { db } = runtime.services.handle;
  const balances = await getBalances(db, userId);
  const base: Accepted<GameStateResult> = { gameType, ...balanceFields(balances) };
  if (gameType === "blackjack" || gameType === "hilo") {
    const round = await findOpenRound(db, userId, gameType);
    if (!round) return answer({ ...base, open: false, game: null } satisfies Accepted<GameStateResult>);
    const game = gameType === "blackjack" ? blackjackBody(round, balances) : hiloBody(round, balances);
    return answer({ ...base, open: true, game } satisfies Accepted<GameStateResult>);
  }
  if (gameType === "slots") {
    const held = await listFreeSpins(db, userId);
    return answer({
      ...base,
      freeSpins: held.map((bonus) => ({
        currency: bonus.currency,
        remaining: bonus.remaining,
        multiplier: bonus.multiplier,
        betAmount: toCoins(bonus.betAmount),
        wonSoFar: toCoins(bonus.won),
      })),
    } satisfies Accepted<GameStateResult>);
  }
  if (gameType === "plinko")
    return answer({
      ...base,
      ballsInFlight: await runtime.flights.inFlight(userId),
    } satisfies Accepted<GameStateResult>);
  return answer(base);
}
