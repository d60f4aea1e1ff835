/**
 * Schemas of the messages a player sends to a single-player game room. A room validates each with
 * its schema and drops the client on a malformed one (DESIGN.md section 6). Amounts are micro-units
 * within the bet limits once parsed.
 */
import { z } from "zod";
import { DICE_BET_TYPES } from "../games/dice/dice.ts";
import type { SinglePlayerGame } from "../games/game-types.ts";
import { HILO_GUESSES } from "../games/hilo/hilo.ts";
import { PLINKO_RISKS } from "../games/plinko/plinko.ts";
import {
  emptyMessageSchema,
  ignoredFieldSchema,
  refineBetLimits,
  wagerSchema,
  wagerShape,
} from "./fields.ts";

/** dice: roll with a bet type. */
export const rollMessageSchema = wagerSchema({ betType: z.enum(DICE_BET_TYPES) });

/** plinko: drop a ball at a risk level (a client slot index is kept only as a claim to report). */
export const dropMessageSchema = wagerSchema({
  risk: z.enum(PLINKO_RISKS),
  slotIndex: ignoredFieldSchema,
}).transform(({ slotIndex, ...body }) => ({ ...body, claimedSlot: slotIndex }));

/** slots: spin, or use a free spin the server holds. */
export const spinMessageSchema = wagerSchema({ isFreeSpins: z.boolean().optional() });

/** slots: buy the bonus at 100x the bet. */
export const buyBonusMessageSchema = wagerSchema({});

/** blackjack: open a hand. */
export const dealMessageSchema = wagerSchema({});

/** hi-lo: open a round. */
export const startMessageSchema = wagerSchema({});

/** hi-lo: guess the next card. */
export const guessMessageSchema = z.strictObject({ guess: z.enum(HILO_GUESSES) });

/** blackjack hit/stand/double/split and hi-lo cash-out carry nothing: the server holds the round. */
export const hitMessageSchema = emptyMessageSchema;
export const standMessageSchema = emptyMessageSchema;
export const doubleMessageSchema = emptyMessageSchema;
export const splitMessageSchema = emptyMessageSchema;
export const cashOutMessageSchema = emptyMessageSchema;

/** A game-tagged wager, for one parameterised room serving every single-player game. */
export const betMessageSchema = z
  .discriminatedUnion("game", [
    z.strictObject({ game: z.literal("dice"), ...wagerShape, betType: z.enum(DICE_BET_TYPES) }),
    z.strictObject({ game: z.literal("plinko"), ...wagerShape, risk: z.enum(PLINKO_RISKS) }),
    z.strictObject({ game: z.literal("slots"), ...wagerShape, isFreeSpins: z.boolean().optional() }),
    z.strictObject({ game: z.literal("blackjack"), ...wagerShape }),
    z.strictObject({ game: z.literal("hilo"), ...wagerShape }),
  ])
  .superRefine(refineBetLimits("betAmount"));

/** Every room message type with its schema. */
export const GAME_MESSAGE_SCHEMAS = {
  bet: betMessageSchema,
  roll: rollMessageSchema,
  drop: dropMessageSchema,
  spin: spinMessageSchema,
  buyBonus: buyBonusMessageSchema,
  deal: dealMessageSchema,
  hit: hitMessageSchema,
  stand: standMessageSchema,
  double: doubleMessageSchema,
  split: splitMessageSchema,
  start: startMessageSchema,
  guess: guessMessageSchema,
  cashOut: cashOutMessageSchema,
} as const;
export type GameMessageType = keyof typeof GAME_MESSAGE_SCHEMAS;

/** The parsed payload of each message type. */
export type GameMessage<T extends GameMessageType> = z.output<(typeof GAME_MESSAGE_SCHEMAS)[T]>;

/** Messages per second a game room answers per client; more are refused with room/rate_limited. */
export const GAME_ROOM_MESSAGES_PER_SECOND = 20;

/** Which messages each game's room accepts (besides the generic `bet`). */
export const GAME_ROOM_MESSAGES: Record<SinglePlayerGame, readonly GameMessageType[]> = {
  dice: ["roll"],
  plinko: ["drop"],
  slots: ["spin", "buyBonus"],
  blackjack: ["deal", "hit", "stand", "double", "split"],
  hilo: ["start", "guess", "cashOut"],
};
