/** The answer of a plinko drop (SPEC.md section 7: isWin, winAmount, multiplier, path). */
import { z } from "zod";
import { PLINKO_RISKS } from "../../games/plinko/plinko.ts";
import { acceptedShape, answerSchema, roundStakeShape } from "./shared.ts";

/** A dropped ball: `path` (and `slotIndex`) is the slot it landed in, `directions` its bounces. */
export const plinkoResultSchema = z.object({
  ...acceptedShape,
  ...roundStakeShape,
  isWin: z.boolean(),
  multiplier: z.number().nonnegative(),
  path: z.number().int().nonnegative(),
  slotIndex: z.number().int().nonnegative(),
  directions: z.array(z.number().int()),
  risk: z.enum(PLINKO_RISKS),
  ballsInFlight: z.number().int().nonnegative(),
});
export type PlinkoResult = z.infer<typeof plinkoResultSchema>;

/** POST /api/games/plinko and the room's drop: the ball or its refusal. */
export const plinkoAnswerSchema = answerSchema(plinkoResultSchema);
export type PlinkoAnswer = z.infer<typeof plinkoAnswerSchema>;
