/**
 * The answers of slots (SPEC.md section 7: grid, winAmount, clusters, isWin, bonusTriggered,
 * bonusSpinsAwarded): a spin, and a bought bonus. Both carry the free spins the server holds.
 */
import { z } from "zod";
import { SLOT_SYMBOLS } from "../../games/slots/symbols.ts";
import { acceptedShape, answerSchema, roundRefSchema } from "./shared.ts";

/** The free spins the server holds after the move. */
const heldBonusShape = {
  freeSpinsLeft: z.number().int().nonnegative(),
  freeSpinMultiplier: z.number().positive(),
  freeSpinBetAmount: z.number().positive().nullable(),
};

/** A grid position. */
const positionSchema = z.object({ row: z.number().int(), col: z.number().int() });

/** A settled spin. */
export const slotsSpinResultSchema = z.object({
  ...acceptedShape,
  grid: z.array(z.enum(SLOT_SYMBOLS)),
  winAmount: z.number().nonnegative(),
  clusters: z.array(z.array(positionSchema)),
  isWin: z.boolean(),
  bonusTriggered: z.boolean(),
  bonusSpinsAwarded: z.number().int().nonnegative(),
  clusterWins: z.array(z.object({ symbol: z.enum(SLOT_SYMBOLS), size: z.number().int(), pay: z.number() })),
  multiplier: z.number().positive(),
  isFreeSpin: z.boolean(),
  capped: z.boolean(),
  betAmount: z.number().nonnegative(),
  message: z.string(),
  ...heldBonusShape,
  round: roundRefSchema,
});
export type SlotsSpinResult = z.infer<typeof slotsSpinResultSchema>;

/** A bought bonus: its price and the free spins it gives. */
export const slotsBonusResultSchema = z.object({
  ...acceptedShape,
  success: z.literal(true),
  price: z.number().positive(),
  freeSpins: z.number().int().positive(),
  betAmount: z.number().positive(),
  ...heldBonusShape,
  round: roundRefSchema,
});
export type SlotsBonusResult = z.infer<typeof slotsBonusResultSchema>;

/** POST /api/games/slots and the room's spin: the spin or its refusal. */
export const slotsSpinAnswerSchema = answerSchema(slotsSpinResultSchema);
export type SlotsSpinAnswer = z.infer<typeof slotsSpinAnswerSchema>;

/** POST /api/games/slots/buy-bonus and the room's buyBonus: the bonus or its refusal. */
export const slotsBonusAnswerSchema = answerSchema(slotsBonusResultSchema);
export type SlotsBonusAnswer = z.infer<typeof slotsBonusAnswerSchema>;
