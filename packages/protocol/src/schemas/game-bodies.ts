/**
 * Schemas of the REST bodies of SPEC.md section 7's games table (and the added blackjack double and
 * split and hi-lo guess paths). Amounts come out in micro-units and within the bet limits; fields
 * the seed's client sends but the server decides itself (slotIndex, playerTotal, streak, currentBet,
 * the stake on stand and bust) are accepted and dropped; any other unknown field is refused.
 */
import { z } from "zod";
import { DICE_BET_TYPES } from "../games/dice/dice.ts";
import { HILO_GUESSES } from "../games/hilo/hilo.ts";
import { PLINKO_RISKS } from "../games/plinko/plinko.ts";
import {
  currencySchema,
  ignoredFieldSchema,
  positiveAmountSchema,
  refineBetLimits,
  wagerSchema,
  walletBodyIgnoring,
  walletFieldSchema,
} from "./fields.ts";

/** Body of POST /api/games/slots; isFreeSpins asks to use a free spin the server holds. */
export const slotsSpinBodySchema = wagerSchema({
  walletAddress: walletFieldSchema,
  isFreeSpins: z.boolean().optional(),
});
export type SlotsSpinBody = z.output<typeof slotsSpinBodySchema>;

/** Body of POST /api/games/slots/buy-bonus (the price is 100x betAmount). */
export const slotsBuyBonusBodySchema = wagerSchema({ walletAddress: walletFieldSchema });
export type SlotsBuyBonusBody = z.output<typeof slotsBuyBonusBodySchema>;

/**
 * Body of POST /api/games/plinko. The server decides the path; a client's slotIndex is kept only as
 * `claimedSlot`, so a claim that differs from the server's ball can be reported, never paid.
 */
export const plinkoBodySchema = wagerSchema({
  walletAddress: walletFieldSchema,
  risk: z.enum(PLINKO_RISKS),
  slotIndex: ignoredFieldSchema,
}).transform(({ slotIndex, ...body }) => ({ ...body, claimedSlot: slotIndex }));
export type PlinkoBody = z.output<typeof plinkoBodySchema>;

/** Body of POST /api/games/blackjack/deal. */
export const blackjackDealBodySchema = wagerSchema({ walletAddress: walletFieldSchema });
export type BlackjackDealBody = z.output<typeof blackjackDealBodySchema>;

/** Body of the blackjack hit, double and split paths: the server's open round says the rest. */
export const blackjackMoveBodySchema = z.strictObject({ walletAddress: walletFieldSchema });
export type BlackjackMoveBody = z.output<typeof blackjackMoveBodySchema>;

/** Body of POST /api/games/blackjack/stand; playerTotal, betAmount and currency are dropped. */
export const blackjackStandBodySchema = walletBodyIgnoring(["playerTotal", "betAmount", "currency"]);
export type BlackjackStandBody = z.output<typeof blackjackStandBodySchema>;

/** Body of POST /api/games/blackjack/bust; betAmount and currency are dropped. */
export const blackjackBustBodySchema = walletBodyIgnoring(["betAmount", "currency"]);
export type BlackjackBustBody = z.output<typeof blackjackBustBodySchema>;

/** Body of POST /api/games/hilo/start; the spec names the stake `bet`, handlers get it as betAmount. */
export const hiloStartBodySchema = z
  .strictObject({ bet: positiveAmountSchema, currency: currencySchema, walletAddress: walletFieldSchema })
  .superRefine(refineBetLimits("bet"))
  .transform(({ bet, ...rest }) => ({ ...rest, betAmount: bet }));
export type HiloStartBody = z.output<typeof hiloStartBodySchema>;

/** Body of POST /api/games/hilo/guess. */
export const hiloGuessBodySchema = z.strictObject({
  walletAddress: walletFieldSchema,
  guess: z.enum(HILO_GUESSES),
});
export type HiloGuessBody = z.output<typeof hiloGuessBodySchema>;

/** Body of POST /api/games/hilo/cashout; streak, currentBet and currency come from the server's round. */
export const hiloCashoutBodySchema = walletBodyIgnoring(["streak", "currentBet", "currency"]);
export type HiloCashoutBody = z.output<typeof hiloCashoutBodySchema>;

/** Body of POST /api/games/dice. */
export const diceBodySchema = wagerSchema({
  walletAddress: walletFieldSchema,
  betType: z.enum(DICE_BET_TYPES),
});
export type DiceBody = z.output<typeof diceBodySchema>;
