/** The answer of a dice roll (SPEC.md section 7: dice1, dice2, total, winAmount). */
import { z } from "zod";
import { DICE_BET_TYPES } from "../../games/dice/dice.ts";
import { acceptedShape, answerSchema, roundStakeShape } from "./shared.ts";

/** A settled roll. */
export const diceResultSchema = z.object({
  ...acceptedShape,
  ...roundStakeShape,
  dice1: z.number().int().min(1).max(6),
  dice2: z.number().int().min(1).max(6),
  total: z.number().int().min(2).max(12),
  isWin: z.boolean(),
  betType: z.enum(DICE_BET_TYPES),
  multiplier: z.number().nonnegative(),
  message: z.string(),
});
export type DiceResult = z.infer<typeof diceResultSchema>;

/** POST /api/games/dice and the room's roll: the roll or its refusal. */
export const diceAnswerSchema = answerSchema(diceResultSchema);
export type DiceAnswer = z.infer<typeof diceAnswerSchema>;
