/** The shape every game entry point shares, and the maintenance gate in front of a new bet. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { gameFailure } from "./failures.ts";
import type { GameReply, Player } from "./replies.ts";
import { type GameRuntime, isBettingPaused } from "./runtime.ts";

/** A game's entry point for REST and rooms; `trx` runs it inside the caller's transaction (idempotent requests). */
export type GameHandler<Request> = (
  runtime: GameRuntime,
  player: Player,
  request: Request,
  trx?: Kysely<Database>,
) => Promise<GameReply>;

/** Wraps a handler that places a new bet: refused with `casino/maintenance` while betting is paused. */
export function whileBettingOpen<Request>(handler: GameHandler<Request>): GameHandler<Request> {
  return async (runtime, player, request, trx) => {
    if (await isBettingPaused(runtime, trx)) return gameFailure("casino/maintenance");
    return handler(runtime, player, request, trx);
  };
}
