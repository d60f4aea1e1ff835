/**
 * Responsible gaming's request schemas: the bodies of PUT /api/limits, POST /api/cool-off and
 * POST /api/self-exclusion, with the constants and the GET /api/limits answer of wire/responsible.ts.
 */
import { z } from "zod";
import { CURRENCIES } from "../money/money.ts";
import {
  COOL_OFF_HOURS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  MAX_LIMIT_COINS,
  SELF_EXCLUSION_MONTHS,
} from "../wire/responsible.ts";
import { amountSchema, currencySchema, walletFieldSchema } from "./fields.ts";

/** A responsible-gaming refusal code (403): the failure catalogue's limits/* codes. */
export type { LimitFailureCode } from "../wire/failures.ts";
/** The constants and answers without a schema (wire/responsible.ts, which loads no zod). */
export * from "../wire/responsible.ts";

/** One limit to set (an amount in coins) or to remove (null). */
export const limitSettingSchema = z.strictObject({
  currency: currencySchema,
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  amount: amountSchema
    .refine((units) => units > 0, "a limit must be greater than 0 (send null to remove it)")
    .refine((units) => units <= MAX_LIMIT_COINS * 1_000_000, `a limit is at most ${MAX_LIMIT_COINS}`)
    .nullable(),
});
/** A parsed limit setting (amount in micro-units). */
export type LimitSetting = z.output<typeof limitSettingSchema>;

/** Minutes of a session limit or of the reality-check interval; null turns it off. */
const minutesSchema = (min: number, max: number) =>
  z
    .number({ error: "minutes must be a number" })
    .int("minutes must be whole")
    .min(min, `at least ${min} minutes`)
    .max(max, `at most ${max} minutes`)
    .nullable()
    .optional();

/** PUT /api/limits: any of the money limits, the session time limit and the reality-check interval. */
export const putLimitsBodySchema = z
  .strictObject({
    walletAddress: walletFieldSchema,
    limits: z
      .array(limitSettingSchema)
      .max(CURRENCIES.length * 9, "too many limits")
      .optional(),
    sessionMinutes: minutesSchema(5, 24 * 60),
    realityCheckMinutes: minutesSchema(5, 240),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    for (const [i, limit] of (body.limits ?? []).entries()) {
      const key = `${limit.currency}:${limit.kind}:${limit.period}`;
      if (seen.has(key))
        ctx.addIssue({ code: "custom", message: `${key} is given twice`, path: ["limits", i] });
      seen.add(key);
    }
  });
/** A parsed PUT /api/limits body. */
export type PutLimitsBody = z.output<typeof putLimitsBodySchema>;

/** A whole number of `unit` within `range`, its refusals worded for the pause it measures. */
function durationSchema(unit: string, range: { min: number; max: number }, pause: string, note = "") {
  return z
    .number({ error: `${unit} must be a number` })
    .int(`${unit} must be whole`)
    .min(range.min, `${pause} lasts at least ${range.min} ${unit}`)
    .max(range.max, `${pause} lasts at most ${range.max} ${unit}${note}`);
}

/** POST /api/cool-off: a pause from 24 hours to 6 weeks. */
export const coolOffBodySchema = z.strictObject({
  walletAddress: walletFieldSchema,
  hours: durationSchema("hours", COOL_OFF_HOURS, "a cool-off", " (6 weeks)"),
});

/** POST /api/self-exclusion: 6 months or more. */
export const selfExclusionBodySchema = z.strictObject({
  walletAddress: walletFieldSchema,
  months: durationSchema("months", SELF_EXCLUSION_MONTHS, "a self-exclusion"),
});
