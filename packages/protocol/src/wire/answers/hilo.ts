/** The answer of every hi-lo move (start, guess, cash-out): the round's cards, streak and quotes. */
import { z } from "zod";
import { HILO_GUESSES, HILO_SUITS, HILO_VALUES } from "../../games/hilo/hilo.ts";
import { acceptedShape, answerSchema, roundStakeShape } from "./shared.ts";

/** A hi-lo card. */
const hiloCardSchema = z.object({ suit: z.enum(HILO_SUITS), value: z.enum(HILO_VALUES) });

/** A guess's chance and what it would pay, or null when it cannot win. */
const optionSchema = z.object({ probability: z.number(), multiplier: z.number() }).nullable();

/** The round after a start, guess or cash-out; a guess adds `correct` and `newCard`. */
export const hiloResultSchema = z.object({
  ...acceptedShape,
  ...roundStakeShape,
  status: z.enum(["active", "lost", "cashed_out"]),
  currentCard: hiloCardSchema,
  cards: z.array(hiloCardSchema),
  guesses: z.array(z.enum(HILO_GUESSES)),
  streak: z.number().int().nonnegative(),
  multiplier: z.number().nonnegative(),
  potentialWin: z.number().nonnegative(),
  higher: optionSchema,
  lower: optionSchema,
  correct: z.boolean().optional(),
  newCard: hiloCardSchema.optional(),
  message: z.string().optional(),
});
export type HiloResult = z.infer<typeof hiloResultSchema>;

/** Every hi-lo move over REST and in the room: the round or the move's refusal. */
export const hiloAnswerSchema = answerSchema(hiloResultSchema);
export type HiloAnswer = z.infer<typeof hiloAnswerSchema>;
