/**
 * Supernova's wire: the REST bodies (POST /api/crash/bet, /api/crash/cashout), the room's client
 * messages (`bet`, `cashOut`) and the frames the room sends (`round`, `flight`, `events`, `crash`
 * to every watcher, `play` to the player alone). No frame to every watcher grows with the players:
 * they carry the round's totals and the bounded players list (listed-plays.ts).
 * Amounts in the bodies are coins (parsed exactly into micro-units, within the bet limits);
 * multipliers on the wire are hundredths (250 = 2.50x), in bodies a number like 2.5.
 */
import { z } from "zod";
import { CURRENCIES } from "../../money/money.ts";
import { currencySchema, wagerSchema, walletFieldSchema } from "../../schemas/fields.ts";
import { CRASH_LISTED_PLAYS } from "./listed-plays.ts";
import { CRASH_MAX_TARGET, CRASH_MIN_TARGET } from "./payout.ts";

/** An auto cash-out target as a multiplier (2.5 or "2.50"), at most 2 decimals, into hundredths. */
export const autoCashOutSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) {
    ctx.addIssue({ code: "custom", message: "autoCashOut must be a multiplier with at most 2 decimals" });
    return z.NEVER;
  }
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (hundredths < CRASH_MIN_TARGET || hundredths > CRASH_MAX_TARGET) {
    ctx.addIssue({
      code: "custom",
      message: `autoCashOut must be from ${CRASH_MIN_TARGET / 100} to ${CRASH_MAX_TARGET / 100}`,
    });
    return z.NEVER;
  }
  return hundredths;
});

/** Body of POST /api/crash/bet and the room's `bet` message: a stake for the next flight. */
export const crashBetBodySchema = wagerSchema({
  walletAddress: walletFieldSchema,
  autoCashOut: autoCashOutSchema.optional(),
});
export type CrashBetBody = z.output<typeof crashBetBodySchema>;

/** Body of POST /api/crash/cashout and the room's `cashOut` message. */
export const crashCashOutBodySchema = z.strictObject({
  walletAddress: walletFieldSchema,
  currency: currencySchema,
});
export type CrashCashOutBody = z.output<typeof crashCashOutBodySchema>;

/** The options of a join: which currency's round to watch. */
export const crashJoinSchema = z.strictObject({ currency: currencySchema.default("HC") });

/** The phases of a round. */
export const CRASH_PHASES = ["betting", "flying", "crashed"] as const;
export type CrashPhase = (typeof CRASH_PHASES)[number];

/** One player's bet as everyone sees it (amounts in micro-units, multipliers in hundredths). */
export const crashPlaySchema = z.object({
  betId: z.string(),
  username: z.string(),
  stake: z.number().int(),
  autoCashOut: z.number().int().nullable(),
  cashedOutAt: z.number().int().nullable(),
  payout: z.number().int(),
});
export type CrashPlay = z.output<typeof crashPlaySchema>;

/** The whole round in numbers: plays taken, micro-units staked and paid out, plays cashed out. */
export const crashTotalsSchema = z.object({
  players: z.number().int(),
  staked: z.number().int(),
  paidOut: z.number().int(),
  cashedOut: z.number().int(),
});
export type CrashTotals = z.output<typeof crashTotalsSchema>;

/** The bounded players list (the largest stakes, listed-plays.ts) or changes among it. */
const listedPlaysSchema = z.array(crashPlaySchema).max(CRASH_LISTED_PLAYS);

/** A finished round for the recent list and for verifying it. */
export const crashResultSchema = z.object({
  number: z.number().int(),
  crashPoint: z.number().int(),
  hash: z.string(),
  endedAt: z.number(),
});
export type CrashResult = z.output<typeof crashResultSchema>;

/**
 * The whole round as a joining client needs it (sent as `round` on join and when betting opens):
 * `startsAt` is when the flight starts on the server's clock, `serverTime` the server's clock when sent.
 */
export const crashRoundFrameSchema = z.object({
  currency: z.enum(CURRENCIES),
  number: z.number().int(),
  phase: z.enum(CRASH_PHASES),
  startsAt: z.number(),
  serverTime: z.number(),
  terminal: z.string(),
  salt: z.string(),
  plays: listedPlaysSchema,
  totals: crashTotalsSchema,
  recent: z.array(crashResultSchema),
  capPoint: z.number().int().nullable(),
});
export type CrashRoundFrame = z.output<typeof crashRoundFrameSchema>;

/** The flight started: `startedAt` on the server's clock. */
export const crashFlightFrameSchema = z.object({
  number: z.number().int(),
  startedAt: z.number(),
  serverTime: z.number(),
});
export type CrashFlightFrame = z.output<typeof crashFlightFrameSchema>;

/**
 * The round's totals after the bets and cash-outs since the last frame, with the plays of the
 * players list that changed (entered it or cashed out); at most one such frame per 100 ms.
 */
export const crashEventsFrameSchema = z.object({
  number: z.number().int(),
  totals: crashTotalsSchema,
  plays: listedPlaysSchema,
});
export type CrashEventsFrame = z.output<typeof crashEventsFrameSchema>;

/** The end of the flight with the revealed hash; `capped` when the payout cap ended it first. */
export const crashEndFrameSchema = z.object({
  number: z.number().int(),
  crashPoint: z.number().int(),
  endedAt: z.number().int(),
  hash: z.string(),
  salt: z.string(),
  capped: z.boolean(),
  totals: crashTotalsSchema,
  plays: listedPlaysSchema,
});
export type CrashEndFrame = z.output<typeof crashEndFrameSchema>;

/** The player's own play, sent to that player alone when it is taken and when it is cashed out. */
export const crashOwnPlayFrameSchema = z.object({
  number: z.number().int(),
  play: crashPlaySchema,
});
export type CrashOwnPlayFrame = z.output<typeof crashOwnPlayFrameSchema>;
