/**
 * The bet panel's rules (SPEC.md section 5) as pure functions over micro-units: the most a player may
 * stake, what a typed value means, and what the 1/2, 2x, Max and chip buttons do.
 */
import { BET_LIMITS, type Currency, messageOf, parseAmount } from "@casino/protocol";
import { formatAmountInput } from "../../ui/format.ts";

/** Why a typed bet is not accepted, as namespaced codes with the text the panel shows. */
export type BetInputError =
  | { code: "bet/empty"; message: string }
  | { code: "bet/not_a_number"; message: string }
  | { code: "bet/not_positive"; message: string }
  | { code: "bet/below_min"; message: string }
  | { code: "bet/off_step"; message: string }
  | { code: "bet/above_max"; message: string };

/** A typed bet: accepted with its units, or refused with the reason. */
export type BetInputCheck = { ok: true; units: number } | { ok: false; error: BetInputError };

/** Rounds units down to the currency's step. */
function floorToStep(units: number, currency: Currency): number {
  const { step } = BET_LIMITS[currency];
  return Math.floor(units / step) * step;
}

/** The most a bet may be: the smaller of the balance and the cap, on the step (may be below the minimum). */
export function maxBetUnits(currency: Currency, balanceUnits: number): number {
  const { max } = BET_LIMITS[currency];
  return floorToStep(Math.max(0, Math.min(balanceUnits, max)), currency);
}

/** Whether the balance covers at least the smallest bet of the currency. */
export function canAffordMinimum(currency: Currency, balanceUnits: number): boolean {
  return balanceUnits >= BET_LIMITS[currency].min;
}

/** Reads what the player typed: a positive number on the step, from the minimum up to the maximum. */
export function readTypedBet(text: string, currency: Currency, balanceUnits: number): BetInputCheck {
  const trimmed = text.trim();
  const { min, step } = BET_LIMITS[currency];
  if (trimmed === "") return refuse("bet/empty", messageOf("bet/empty"));
  const negative = /^-/.test(trimmed);
  const parsed = parseAmount(trimmed.replace(/^[-+]/, ""));
  if (!parsed.ok) {
    if (negative) return refuse("bet/not_positive", messageOf("bet/not_positive"));
    return refuse("bet/not_a_number", messageOf("bet/not_a_number"));
  }
  if (negative || parsed.units <= 0) return refuse("bet/not_positive", messageOf("bet/not_positive"));
  if (parsed.units < min)
    return refuse("bet/below_min", `The minimum bet is ${describeUnits(min)} ${currency}`);
  if (parsed.units % step !== 0)
    return refuse("bet/off_step", `Bets go in steps of ${describeUnits(step)} ${currency}`);
  const max = maxBetUnits(currency, balanceUnits);
  if (parsed.units > max) {
    return refuse("bet/above_max", `The maximum bet now is ${describeUnits(Math.max(max, 0))} ${currency}`);
  }
  return { ok: true, units: parsed.units };
}

/** A refusal value. */
function refuse(code: BetInputError["code"], message: string): BetInputCheck {
  return { ok: false, error: { code, message } as BetInputError };
}

/** Units as the shortest decimal text (1, 0.001). */
export function describeUnits(units: number): string {
  return formatAmountInput(units);
}

/** 1/2: half the bet on the step, never below the minimum. */
export function halveBet(units: number, currency: Currency): number {
  return Math.max(BET_LIMITS[currency].min, floorToStep(units / 2, currency));
}

/** 2x: twice the bet, capped at the maximum (and never below the minimum). */
export function doubleBet(units: number, currency: Currency, balanceUnits: number): number {
  const max = maxBetUnits(currency, balanceUnits);
  return Math.max(BET_LIMITS[currency].min, Math.min(units * 2, max));
}

/** Max: the available balance up to the cap (the minimum when even that is not covered). */
export function maxBet(currency: Currency, balanceUnits: number): number {
  return Math.max(BET_LIMITS[currency].min, maxBetUnits(currency, balanceUnits));
}

/** One of the 1/2, 2x and Max buttons: its text, its accessible name and the bet it sets. */
export type BetAdjustment = { text: string; label: string; units: number };

/** The 1/2, 2x and Max buttons for the current bet, in that order. */
export function betAdjustments(
  units: number,
  currency: Currency,
  balanceUnits: number,
): [half: BetAdjustment, double: BetAdjustment, max: BetAdjustment] {
  return [
    { text: "1/2", label: "1/2: halve the bet", units: halveBet(units, currency) },
    { text: "2x", label: "2x: double the bet", units: doubleBet(units, currency, balanceUnits) },
    { text: "Max", label: "Max: bet the maximum", units: maxBet(currency, balanceUnits) },
  ];
}

/** Whether a quick-bet button may be used: not while busy, and not for an amount above the balance. */
export function isQuickBetEnabled(amountUnits: number, balanceUnits: number, busy: boolean): boolean {
  return !busy && amountUnits <= balanceUnits;
}

/** The bet a screen starts with in each currency. */
export const DEFAULT_BETS: Record<Currency, number> = { HC: 10_000_000, AMINA: 10_000 };

/** A bet carried over from another currency or an old balance, brought back inside the limits. */
export function settleBetInLimits(units: number, currency: Currency, balanceUnits: number): number {
  const { min, max: cap } = BET_LIMITS[currency];
  const inCap = Math.min(Math.max(min, floorToStep(units, currency)), cap);
  const max = maxBetUnits(currency, balanceUnits);
  return max < min ? inCap : Math.min(inCap, max);
}
