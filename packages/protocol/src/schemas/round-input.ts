/**
 * What the server stores with every settled single-player round, besides seeds and nonce, so that
 * anyone can replay it: the game, the original stake in micro-units, and the player's choices.
 *   dice:      { game: "dice", stake, betType: "low" | "seven" | "high" }
 *   plinko:    { game: "plinko", stake, risk: "low" | "medium" | "high" }
 *   slots:     { game: "slots", stake } for a paid spin, or
 *              { game: "slots", stake, freeSpin: { multiplier, bonusWonBefore } } for a free spin
 *              (stake = the bet the bonus was won or bought with; bonusWonBefore = what the bonus
 *              had paid before this spin, micro-units, for the 1000x bonus cap)
 *   blackjack: { game: "blackjack", stake, actions: ["hit" | "stand" | "double" | "split", ...] }
 *              (every accepted action in order; a timeout's automatic stands are included)
 *   hilo:      { game: "hilo", stake, moves: ["higher" | "lower" | "cashout" | "abandon", ...] }
 *              ("abandon" is the server's timeout settling a round left before any guess)
 */
import { z } from "zod";
import { BLACKJACK_ACTIONS } from "../games/blackjack/blackjack.ts";
import { DICE_BET_TYPES } from "../games/dice/dice.ts";
import { PLINKO_RISKS } from "../games/plinko/plinko.ts";

/** A stake in micro-units: a positive safe integer. */
const stakeSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Hi-Lo moves as recorded: the two guesses, the final cash-out, and the timeout's settlement. */
export const HILO_MOVES = ["higher", "lower", "cashout", "abandon"] as const;
export type HiloMove = (typeof HILO_MOVES)[number];

/** The replayable inputs of a round (see the file comment for each game's shape). */
export const roundInputSchema = z.discriminatedUnion("game", [
  z.strictObject({ game: z.literal("dice"), stake: stakeSchema, betType: z.enum(DICE_BET_TYPES) }),
  z.strictObject({ game: z.literal("plinko"), stake: stakeSchema, risk: z.enum(PLINKO_RISKS) }),
  z.strictObject({
    game: z.literal("slots"),
    stake: stakeSchema,
    freeSpin: z
      .strictObject({
        multiplier: z.number().int().min(1).max(100),
        bonusWonBefore: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      })
      .optional(),
    bonusBuy: z.literal(true).optional(),
  }),
  z.strictObject({
    game: z.literal("blackjack"),
    stake: stakeSchema,
    actions: z.array(z.enum(BLACKJACK_ACTIONS)).max(64),
  }),
  z.strictObject({
    game: z.literal("hilo"),
    stake: stakeSchema,
    moves: z.array(z.enum(HILO_MOVES)).max(100_000),
  }),
]);
export type RoundInput = z.output<typeof roundInputSchema>;
