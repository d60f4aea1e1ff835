/**
 * The answer of every blackjack move (SPEC.md section 7: deal playerCards, dealerCards, result,
 * winAmount; hit newCard; stand dealerCards, dealerTotal, result, winAmount): the round as the
 * player sees it, the dealer's hole card hidden while the hand is played.
 */
import { z } from "zod";
import { RANKS, SUITS } from "../../fair/cards.ts";
import { acceptedShape, answerSchema, roundStakeShape } from "./shared.ts";

/** A face-up card. */
const cardSchema = z.object({ rank: z.enum(RANKS), suit: z.enum(SUITS) });

/** The dealer's face-down card. */
const hiddenCardSchema = z.object({ rank: z.literal("hidden"), suit: z.literal("hidden") });

/** How a hand ended. */
const handResultSchema = z.enum(["blackjack", "win", "push", "lose", "bust"]);

/** One of the player's hands. */
const handSchema = z.object({
  cards: z.array(cardSchema),
  total: z.number().int(),
  soft: z.boolean(),
  betAmount: z.number().positive(),
  doubled: z.boolean(),
  result: handResultSchema.nullable(),
  winAmount: z.number().nonnegative(),
});

/** The round after a deal, hit, stand, double, split or bust report. */
export const blackjackResultSchema = z.object({
  ...acceptedShape,
  ...roundStakeShape,
  phase: z.enum(["player", "settled"]),
  playerCards: z.array(cardSchema),
  playerTotal: z.number().int(),
  dealerCards: z.array(z.union([cardSchema, hiddenCardSchema])),
  dealerTotal: z.number().int(),
  hands: z.array(handSchema),
  activeHand: z.number().int().nonnegative(),
  result: z.union([z.literal("playing"), handResultSchema]),
  legal: z.object({ hit: z.boolean(), stand: z.boolean(), double: z.boolean(), split: z.boolean() }),
  message: z.string().nullable(),
  /** The card a hit drew. */
  newCard: cardSchema.optional(),
});
export type BlackjackResult = z.infer<typeof blackjackResultSchema>;

/** Every blackjack move over REST and in the room: the round or the move's refusal. */
export const blackjackAnswerSchema = answerSchema(blackjackResultSchema);
export type BlackjackAnswer = z.infer<typeof blackjackAnswerSchema>;
