/**
 * How the game screens print money (SPEC.md sections 1 and 9): HC as whole numbers, AMINA with 3
 * decimals, blackjack numbers with 3 decimals, and slots wins with 0 (HC) or 2 (AMINA) decimals,
 * showing more digits only when the amount has them, so a credited fraction is never hidden.
 */
import type { Currency } from "@casino/protocol";
import { formatAmina, formatHC, toUnits } from "../../ui/format.ts";

/** A currency code read from the wire (anything else is HC). */
export function readCurrency(value: unknown): Currency {
  return value === "AMINA" ? "AMINA" : "HC";
}

/** Digits after the point an amount needs, between `least` and 6. */
function decimalsNeeded(units: number, least: number): number {
  let decimals = 6;
  while (decimals > least && Math.abs(units) % 10 ** (6 - decimals + 1) === 0) decimals -= 1;
  return decimals;
}

/** Fixed-point text of units with exactly `decimals` digits (rounded down). */
function fixed(units: number, decimals: number): string {
  const sign = units < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(units));
  const scaled = Math.floor(abs / 10 ** (6 - decimals));
  const whole = Math.floor(scaled / 10 ** decimals);
  const fraction = decimals > 0 ? `.${String(scaled % 10 ** decimals).padStart(decimals, "0")}` : "";
  return `${sign}${whole.toLocaleString("en-US")}${fraction}`;
}

/** A balance or stake on a game screen: HC whole, AMINA 3 decimals. */
export function formatGameAmount(units: number, currency: Currency): string {
  return currency === "HC" ? formatHC(units) : formatAmina(units, 3);
}

/** A win or potential win: like a stake, but a fraction of HC or below 0.001 AMINA still shows. */
export function formatWinAmount(units: number, currency: Currency): string {
  return fixed(units, decimalsNeeded(units, currency === "HC" ? 0 : 3));
}

/** A slots win: 0 decimals for HC, 2 for AMINA, more only when the amount has them. */
export function formatSlotsWin(units: number, currency: Currency): string {
  return fixed(units, decimalsNeeded(units, currency === "HC" ? 0 : 2));
}

/** A blackjack number: 3 decimals (SPEC.md section 9). */
export function formatBlackjackAmount(units: number): string {
  return fixed(units, 3);
}

/** A wire amount (JSON number or decimal string in coins) as micro-units. */
export function amountUnits(value: unknown): number {
  return typeof value === "number" || typeof value === "string" ? toUnits(value) : 0;
}
