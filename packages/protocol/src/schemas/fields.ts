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

/** The stake of a round and its currency. */
export const wagerShape = { betAmount: positiveAmountSchema, currency: currencySchema };

/** A strict wager (the stake, its currency and the game's own fields), checked against the bet limits. */
export function wagerSchema<S extends z.ZodRawShape>(fields: S) {
  return z
    .strictObject({ ...wagerShape, ...fields })
    .superRefine((body, ctx) => refineBetLimits("betAmount")(body as never, ctx));
}

/** A strict body of the optional wallet field plus fields that are accepted, then dropped unread. */
export function walletBodyIgnoring<const K extends string>(ignored: readonly K[]) {
  const shape = Object.fromEntries(ignored.map((key) => [key, ignoredFieldSchema])) as Record<
    K,
    typeof ignoredFieldSchema
  >;
  return z
    .strictObject({ walletAddress: walletFieldSchema, ...shape })
    .transform(
      (body) => omitKeys<Record<string, unknown>, string>(ignored)(body) as { walletAddress?: string },
    );
}

/** A message with no payload (Colyseus sends undefined when none is given). */
export const emptyMessageSchema = z
  .strictObject({})
  .optional()
  .transform(() => ({}));
