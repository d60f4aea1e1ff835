/** How the game screens read money off the wire (the text form is ui/format.ts's alone). */
import type { Currency } from "@casino/protocol";
import { toUnits } from "../../ui/format.ts";

/** A currency code read from the wire (anything else is HC). */
export function readCurrency(value: unknown): Currency {
  return value === "AMINA" ? "AMINA" : "HC";
}

/** A wire amount (JSON number or decimal string in coins) as micro-units. */
export function amountUnits(value: unknown): number {
  return typeof value === "number" || typeof value === "string" ? toUnits(value) : 0;
}
