/**
 * Responsible gaming's constants and answers, without a schema (schemas/responsible.ts checks the
 * bodies): what a page shows before any answer needs no zod. Periods are calendar periods in UTC; a
 * looser setting waits 24 hours.
 */
import type { CURRENCIES } from "../money/money.ts";

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
