/**
 * The answers around the games' moves: the seed client's report of a finished round
 * (POST /api/crypto/place-bet, SPEC.md section 7) and a player's resumable state of one game
 * (GET /api/games/{gameType}/state).
 */
import { z } from "zod";
import { GAME_TYPES, SINGLE_PLAYER_GAMES } from "../../games/game-types.ts";
import { blackjackResultSchema } from "./blackjack.ts";
import { hiloResultSchema } from "./hilo.ts";
import { answerSchema, liveBalancesShape, roundRefSchema } from "./shared.ts";

/** A report the server's own last settled round agrees with, and that round's result. */
export const placeBetResultSchema = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  verified: z.literal(true),
  gameType: z.enum(GAME_TYPES),
  gameResult: z.object({
    isWin: z.boolean(),
    winAmount: z.number().nonnegative(),
    streak: z.number().int().nonnegative().optional(),
  }),
  round: roundRefSchema,
  ...liveBalancesShape,
});
export type PlaceBetResult = z.infer<typeof placeBetResultSchema>;

/** POST /api/crypto/place-bet: the verified report or its refusal. */
export const placeBetAnswerSchema = answerSchema(placeBetResultSchema);
export type PlaceBetAnswer = z.infer<typeof placeBetAnswerSchema>;

/** A free-spins bonus the server holds for the player. */
const heldFreeSpinsSchema = z.object({
  currency: z.string(),
  remaining: z.number().int().nonnegative(),
  multiplier: z.number().positive(),
  betAmount: z.number().positive(),
  wonSoFar: z.number().nonnegative(),
});

/** The player's state of one game: the open round of blackjack or hi-lo, held free spins, balls in flight. */
export const gameStateResultSchema = z.object({
  ok: z.literal(true),
  gameType: z.enum(SINGLE_PLAYER_GAMES),
  ...liveBalancesShape,
  open: z.boolean().optional(),
  game: z
    .union([blackjackResultSchema.omit({ ok: true }), hiloResultSchema.omit({ ok: true })])
    .nullable()
    .optional(),
  freeSpins: z.array(heldFreeSpinsSchema).optional(),
  ballsInFlight: z.number().int().nonnegative().optional(),
});
export type GameStateResult = z.infer<typeof gameStateResultSchema>;

/** GET /api/games/{gameType}/state: the state or its refusal (an unknown game). */
export const gameStateAnswerSchema = answerSchema(gameStateResultSchema);
export type GameStateAnswer = z.infer<typeof gameStateAnswerSchema>;
