/**
 * Responsible gaming on the wire: the bodies of PUT /api/limits, POST /api/cool-off and
 * POST /api/self-exclusion, the GET /api/limits answer, and the constants both sides show
 * (periods are calendar periods in UTC; a looser setting waits 24 hours).
 */
import { z } from "zod";
import { CURRENCIES } from "../money/money.ts";
import { amountSchema, currencySchema, walletFieldSchema } from "./fields.ts";

/** What a limit caps: money deposited, net loss (stakes minus payouts), or money staked. */
export const LIMIT_KINDS = ["deposit", "loss", "wager"] as const;
/** A limit's kind. */
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** Calendar periods in UTC: the day from 00:00, the week from Monday 00:00, the month from the 1st. */
export const LIMIT_PERIODS = ["day", "week", "month"] as const;
/** A limit's period. */
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** A looser limit (higher, or removed) takes effect this long after it was asked for. */
export const LIMIT_LOOSEN_DELAY_MS = 24 * 60 * 60 * 1000;
/** A pause without any bet this long ends a play session; the next bet starts a new one. */
export const SESSION_BREAK_MS = 15 * 60 * 1000;
/** Cool-off lengths in hours: 24 hours to 6 weeks. */
export const COOL_OFF_HOURS = { min: 24, max: 6 * 7 * 24 } as const;
/** Self-exclusion lengths in months: 6 months to 10 years. */
export const SELF_EXCLUSION_MONTHS = { min: 6, max: 120 } as const;
/** The largest limit accepted, in coins (far above any real balance). */
export const MAX_LIMIT_COINS = 1_000_000_000;

/** A responsible-gaming refusal code (403): the failure catalogue's limits/* codes. */
export type { LimitFailureCode } from "../wire/failures.ts";

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

/** One limit as GET /api/limits shows it: amounts as decimal strings in coins, times ISO. */
export interface LimitView {
  currency: (typeof CURRENCIES)[number];
  kind: LimitKind;
  period: LimitPeriod;
  amount: string | null;
  pending: { amount: string | null; effectiveAt: string } | null;
  used: string;
  resetsAt: string;
}

/** The GET /api/limits answer (also the answer of the three changes). */
export interface LimitsAnswer {
  periods: "calendar-utc";
  now: string;
  limits: LimitView[];
  session: {
    startedAt: string | null;
    lastBetAt: string | null;
    minutes: number | null;
    pendingMinutes: { minutes: number | null; effectiveAt: string } | null;
    realityCheckMinutes: number | null;
    breakMinutes: number;
    netResult: { HC: string; AMINA: string };
  };
  exclusion: { kind: "cool_off" | "self_exclusion"; until: string } | null;
}

/** One player the operator's responsible-gaming list shows (GET /api/security/responsible). */
export interface ResponsibleEntry {
  userId: string;
  walletAddress: string;
  username: string;
  limits: { key: string; amount: string }[];
  pending: { key: string; amount: string | null; effectiveAt: string }[];
  sessionMinutes: number | null;
  exclusion: { kind: "cool_off" | "self_exclusion"; until: string } | null;
  updatedAt: string;
}
