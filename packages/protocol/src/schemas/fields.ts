/**
 * Field schemas shared by every REST body and room message: exact amounts in micro-units,
 * currencies, the optional wallet fields the server compares with the session, and compatibility
 * fields that are accepted but never read.
 */
import { z } from "zod";
import { checkBetLimits } from "../money/limits.ts";
import { CURRENCIES, type Currency, parseAmount } from "../money/money.ts";

/** "HC" or "AMINA". */
export const currencySchema = z.enum(CURRENCIES);

/** A wire amount in coins (JSON number or decimal string) parsed exactly into micro-units, or refused. */
export const amountSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const parsed = parseAmount(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: "custom", message: parsed.error });
    return z.NEVER;
  }
  return parsed.units;
});

/** An amount that must be above zero (bets, deposits). */
export const positiveAmountSchema = amountSchema.refine(
  (units) => units > 0,
  "amount must be greater than 0",
);

/** A wallet address or user id a body may carry; the server refuses it unless it names the session. */
export const walletFieldSchema = z.string().min(1).max(128).optional();

/** A field the seed's client sends that the server never trusts: accepted, then dropped. */
export const ignoredFieldSchema = z.unknown().optional();

/** Drops the named keys from a parsed object, so untrusted compatibility fields never reach a handler. */
export function omitKeys<T extends object, K extends keyof T>(keys: readonly K[]): (value: T) => Omit<T, K> {
  return (value) => {
    const copy = { ...value };
    for (const key of keys) delete copy[key];
    return copy;
  };
}

/** Checks a parsed bet against its currency's limits (min, step, cap), reporting on the amount field. */
export function refineBetLimits<K extends string>(field: K) {
  return (body: Record<K, number> & { currency: Currency }, ctx: z.RefinementCtx): void => {
    const check = checkBetLimits(body[field], body.currency);
    if (!check.ok) ctx.addIssue({ code: "custom", message: check.error, path: [field] });
  };
}
