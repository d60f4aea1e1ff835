/**
 * A player's responsible-gaming state, kept as one JSON row per player so the bet path reads and
 * writes one row: the limits in force and those waiting for their 24 hours, the running totals of
 * the current periods, the play session and any cool-off or self-exclusion. Pure functions only.
 */
import type { Currency } from "@casino/protocol";
import type { LimitKind, LimitPeriod } from "@casino/protocol/schemas/responsible";
import { startOfPeriod } from "./periods.ts";

/** Money counted in one period: staked, lost (stakes minus payouts, may go negative) and deposited. */
export interface PeriodTotals {
  start: number; // the period's start (epoch ms); an older start means zeros
  wager: number;
  loss: number;
  deposit: number;
}

/** A looser setting waiting for its time (null: the limit is removed). */
export interface PendingChange {
  amount: number | null;
  at: number;
}

/** The whole state of one player (money in micro-units, times in epoch ms). */
export interface ResponsibleState {
  limits: Record<string, number>; // "HC:loss:day" -> micro-units
  pending: Record<string, PendingChange>; // same keys; "session" for the session limit (minutes)
  totals: Record<string, PeriodTotals>; // "HC:day"
  sessionMinutes: number | null;
  realityCheckMinutes: number | null;
  session: { startedAt: number; lastAt: number; net: Record<Currency, number> } | null;
  exclusion: { kind: "cool_off" | "self_exclusion"; until: number } | null;
}

/** The key of one limit. */
export function limitKey(currency: Currency, kind: LimitKind, period: LimitPeriod): string {
  return `${currency}:${kind}:${period}`;
}

/** The key of one period's totals. */
export function totalsKey(currency: Currency, period: LimitPeriod): string {
  return `${currency}:${period}`;
}

/** The state of a player who has set nothing yet. */
export function emptyState(): ResponsibleState {
  return {
    limits: {},
    pending: {},
    totals: {},
    sessionMinutes: null,
    realityCheckMinutes: null,
    session: null,
    exclusion: null,
  };
}

/** The totals of the period holding `now` (zeros when the stored ones belong to a finished period). */
export function currentTotals(
  state: ResponsibleState,
  currency: Currency,
  period: LimitPeriod,
  now: number,
): PeriodTotals {
  const start = startOfPeriod(period, now);
  const stored = state.totals[totalsKey(currency, period)];
  return stored && stored.start === start ? stored : { start, wager: 0, loss: 0, deposit: 0 };
}

/** The state with every looser change whose 24 hours have passed put in force. */
export function applyDueChanges(state: ResponsibleState, now: number): ResponsibleState {
  const due = Object.entries(state.pending).filter(([, change]) => change.at <= now);
  if (due.length === 0) return state;
  const limits = { ...state.limits };
  const pending = { ...state.pending };
  let sessionMinutes = state.sessionMinutes;
  for (const [key, change] of due) {
    delete pending[key];
    if (key === "session") sessionMinutes = change.amount;
    else if (change.amount === null) delete limits[key];
    else limits[key] = change.amount;
  }
  return { ...state, limits, pending, sessionMinutes };
}

/** Whether anything is set that the operator dashboard lists (a limit, a pending change, an exclusion). */
export function hasAnythingSet(state: ResponsibleState, now: number): boolean {
  return (
    Object.keys(state.limits).length > 0 ||
    Object.keys(state.pending).length > 0 ||
    state.sessionMinutes !== null ||
    (state.exclusion !== null && state.exclusion.until > now)
  );
}

/** Reads a stored state, tolerating fields added later. */
export function parseState(text: string): ResponsibleState {
  return { ...emptyState(), ...(JSON.parse(text) as Partial<ResponsibleState>) };
}
