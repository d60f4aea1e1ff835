/**
 * Pieces every single-player game answer shares (REST body and room "result"/"error" alike): the
 * discriminant `ok` the client switches on, the round to verify, the live balances, and the refusal.
 */
import { z } from "zod";
import { CURRENCIES } from "../../money/money.ts";

/** The round an answer belongs to, for the Verify link (its input is the game's own record). */
export const roundRefSchema = z.object({
  id: z.union([z.string(), z.number()]),
  nonce: z.number().int(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  input: z.unknown(),
});
export type RoundRef = z.infer<typeof roundRefSchema>;

/** The stake of a round, what it has paid, and the round to verify: fields each game's round answers. */
export const roundStakeShape = {
  betAmount: z.number().positive(),
  winAmount: z.number().nonnegative(),
  round: roundRefSchema,
};

/** Both balances after the move, exact decimal strings in coins. */
export const liveBalancesShape = { aminaBalance: z.string(), houseBalance: z.string() };

/** The shape of every accepted move: `ok: true`, the currency and the balances. */
export const acceptedShape = {
  ok: z.literal(true),
  currency: z.enum(CURRENCIES),
  ...liveBalancesShape,
};

/**
 * A refused move: `ok: false`, its catalogue code and the text the player reads. A room's refusal
 * also names the message (`action`) it answers. A REST refusal is also told by its HTTP status, and
 * its body may leave `ok` out: reading it supplies `ok: false`.
 */
export const gameRefusalSchema = z.object({
  ok: z.literal(false).default(false),
  code: z.string(),
  message: z.string(),
  action: z.string().optional(),
});
export type GameRefusal = z.infer<typeof gameRefusalSchema>;

/** An answer of a move: the accepted body or the refusal, told apart by `ok`. */
export function answerSchema<Accepted extends z.ZodObject<{ ok: z.ZodLiteral<true> }>>(accepted: Accepted) {
  return z.discriminatedUnion("ok", [accepted, gameRefusalSchema]);
}

/**
 * Any game room's answer to a message, whatever the game: the accepted move's fields beside
 * `ok: true` and `action`, or the refusal. The client reads every room reply with it.
 */
export const roomGameAnswerSchema = z.discriminatedUnion("ok", [
  z.looseObject({ ok: z.literal(true), action: z.string().optional() }),
  gameRefusalSchema,
]);
export type RoomGameAnswer = z.infer<typeof roomGameAnswerSchema>;
