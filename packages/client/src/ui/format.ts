/** Display formatting for money and addresses; the only place amounts become text. */
import { type Currency, formatUnits, parseAmount, UNITS_PER_COIN } from "@casino/protocol";

/** A server amount (decimal string or JSON number, in coins) as micro-units; unreadable -> 0. */
export function toUnits(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const negative = typeof value === "string" ? value.trim().startsWith("-") : value < 0;
  const magnitude = typeof value === "string" ? value.trim().replace(/^-/, "") : Math.abs(value);
  const parsed = parseAmount(magnitude);
  if (!parsed.ok) return 0;
  return negative ? -parsed.units : parsed.units;
}

/** A float in coins (a chart's axis tick) to the nearest micro-unit, for labelling it as money. */
export function coinsToUnits(coins: number): number {
  return Number.isFinite(coins) ? Math.round(coins * UNITS_PER_COIN) : 0;
}

/** Decimals every amount of a currency shows at least (HC whole coins, AMINA the 0.001 bet step). */
export const MIN_DECIMALS: Record<Currency, number> = { HC: 0, AMINA: 3 };

/** Most fraction digits an amount can have: one micro-unit. */
const UNIT_DECIMALS = 6;

/** Whole coins grouped by thousands with commas, from a non-negative integer. */
function groupThousands(whole: bigint): string {
  return whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Sign, grouped whole part and the six fraction digits of an integer amount of micro-units. */
function splitUnits(units: number): { sign: string; whole: string; fraction: string } {
  if (!Number.isSafeInteger(units)) throw new Error(`not an integer amount of micro-units: ${units}`);
  const abs = BigInt(Math.abs(units));
  const perCoin = BigInt(UNITS_PER_COIN);
  return {
    sign: units < 0 ? "-" : "",
    whole: groupThousands(abs / perCoin),
    fraction: (abs % perCoin).toString().padStart(UNIT_DECIMALS, "0"),
  };
}

/** Fraction digits with trailing zeros trimmed, but never fewer than `least`. */
function trimFraction(fraction: string, least: number): string {
  let end = fraction.length;
  while (end > least && fraction[end - 1] === "0") end -= 1;
  return fraction.slice(0, end);
}

/**
 * An exact amount: every non-zero digit kept, trailing zeros trimmed down to the currency's
 * minimum decimals, thousands grouped (1003998400 HC units -> "1,003.9984", 110664 AMINA units ->
 * "0.110664", 100000 AMINA units -> "0.100").
 */
export function formatAmount(units: number, currency: Currency): string {
  const { sign, whole, fraction } = splitUnits(units);
  const shown = trimFraction(fraction, MIN_DECIMALS[currency]);
  return `${sign}${whole}${shown ? `.${shown}` : ""}`;
}

/** An exact amount followed by its currency code ("1,003.9984 HC"). */
export function formatMoney(units: number, currency: Currency): string {
  return `${formatAmount(units, currency)} ${currency}`;
}

/** A net result with its sign: "+4.1215", "-0.47", or "0" for a push. */
export function formatSignedAmount(units: number, currency: Currency): string {
  return units > 0 ? `+${formatAmount(units, currency)}` : formatAmount(units, currency);
}

/** A net result with its sign and currency code ("+4.1215 HC"). */
export function formatSignedMoney(units: number, currency: Currency): string {
  return `${formatSignedAmount(units, currency)} ${currency}`;
}

export type CompactAmount = { text: string; exact: string; shortened: boolean };

/**
 * A short form for tight spaces: at most `maxDecimals` fraction digits (never fewer than the
 * currency's minimum), cut toward zero and marked with an ellipsis when digits were dropped, with
 * the exact form beside it for the tooltip and the accessible name.
 */
export function formatCompactAmount(units: number, currency: Currency, maxDecimals: number): CompactAmount {
  const exact = formatAmount(units, currency);
  const { sign, whole, fraction } = splitUnits(units);
  const least = MIN_DECIMALS[currency];
  const trimmed = trimFraction(fraction, least);
  const keep = Math.max(least, maxDecimals);
  if (trimmed.length <= keep) return { text: exact, exact, shortened: false };
  const cut = fraction.slice(0, keep);
  return { text: `${sign}${whole}${cut ? `.${cut}` : ""}…`, exact, shortened: true };
}

/** Micro-units as the plain decimal an amount field takes ("0.110664", no grouping). */
export function formatAmountInput(units: number): string {
  return formatUnits(units);
}

/** A count of things (players, chips, events) grouped by thousands; not for money. */
export function formatCount(count: number): string {
  return Number.isSafeInteger(count) ? groupThousands(BigInt(count)) : String(count);
}

/** A multiplier as its exact decimal with an "x" ("0.2x", "2.3328x", "1,000x"). */
export function formatMultiplier(multiplier: number): string {
  if (!Number.isFinite(multiplier)) return "-";
  return `${formatAmount(Math.round(multiplier * UNITS_PER_COIN), "HC")}x`;
}

/** A share (0..1) as a percentage with one decimal ("42.5%"); not for money. */
export function formatPercent(share: number): string {
  return Number.isFinite(share) ? `${(share * 100).toFixed(1)}%` : "-";
}

/** A float with a fixed number of digits (the verifier's floats, chart coordinates); not for money. */
export function formatFraction(value: number, digits: number): string {
  return value.toFixed(digits);
}

/** An address cut to its first and last characters (4+4 in the header, 6+6 in the cashier). */
export function shortenAddress(address: string, head: number, tail: number): string {
  if (address.length <= head + tail) return address;
  return `${address.slice(0, head)}...${address.slice(-tail)}`;
}

/** A server timestamp as a short local date and time; unreadable -> the raw text. */
export function formatTimestamp(value: string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}
