/**
 * Schemas of the two bet calls of SPEC.md's crypto table. validate-bet asks whether a bet would be
 * accepted (so its limits are the answer, not a parse error); place-bet is the seed's Hi-Lo loss
 * report, parsed here so the server can compare it with the round it decided itself.
 */
import { z } from "zod";
import { GAME_TYPES } from "../games/game-types.ts";
import { amountSchema, currencySchema, positiveAmountSchema, walletFieldSchema } from "./fields.ts";

/** Body of POST /api/crypto/validate-bet. */
export const validateBetBodySchema = z.strictObject({
  userId: walletFieldSchema,
  betAmount: positiveAmountSchema,
  currency: currencySchema,
});
export type ValidateBetBody = z.output<typeof validateBetBodySchema>;

/** Body of POST /api/crypto/place-bet: a result the client claims, never credited as such. */
export const placeBetBodySchema = z.strictObject({
  userId: walletFieldSchema,
  gameType: z.enum(GAME_TYPES),
  betAmount: positiveAmountSchema,
  currency: currencySchema,
  gameResult: z.strictObject({
    isWin: z.boolean(),
    winAmount: amountSchema,
    streak: z.number().int().min(0).max(10_000).optional(),
  }),
});
export type PlaceBetBody = z.output<typeof placeBetBodySchema>;
