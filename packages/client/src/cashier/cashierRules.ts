/** The cashier's input rules (SPEC.md sections 2, 5 and 8) as pure checks that return the toast to show. */
import { CASHIER_MIN_AMINA, formatUnits, parseAmount } from "@casino/protocol";
import type { FaucetInfo } from "../api/types.ts";

/** An accepted amount in micro-units and as the exact wire text, or the toast explaining the refusal. */
export type AmountCheck =
  | { ok: true; units: number; wire: string }
  | { ok: false; code: string; title: string; description: string };

/** Deposit quick amounts, in AMINA. */
export const DEPOSIT_QUICK_AMOUNTS = ["0.1", "1", "5"] as const;
/** Withdraw quick buttons as fractions of the balance (MAX is 1). */
export const WITHDRAW_FRACTIONS = [
  { label: "25%", fraction: 0.25 },
  { label: "50%", fraction: 0.5 },
  { label: "MAX", fraction: 1 },
] as const;

/** Reads a typed amount; anything not a positive number is the screen's "valid amount" refusal. */
function readAmount(text: string, invalidDescription: string): AmountCheck {
  const invalid = {
    ok: false as const,
    code: "cashier/invalid_amount",
    title: "Invalid Amount",
    description: invalidDescription,
  };
  const trimmed = text.trim();
  const asNumber = Number(trimmed);
  if (!trimmed || !Number.isFinite(asNumber) || asNumber <= 0) return invalid;
  const parsed = parseAmount(trimmed.startsWith(".") ? `0${trimmed}` : trimmed);
  if (!parsed.ok)
    return {
      ...invalid,
      code: "cashier/bad_precision",
      description: "Use at most 3 decimals (steps of 0.001 AMINA)",
    };
  if (parsed.units < CASHIER_MIN_AMINA) {
    return { ...invalid, code: "cashier/below_minimum", description: "The minimum amount is 0.001 AMINA" };
  }
  if (parsed.units % CASHIER_MIN_AMINA !== 0) {
    return {
      ...invalid,
      code: "cashier/bad_precision",
      description: "Use at most 3 decimals (steps of 0.001 AMINA)",
    };
  }
  return { ok: true, units: parsed.units, wire: formatUnits(parsed.units) };
}

/** Checks a deposit amount: present, above 0, at least 0.001 and on the 0.001 step. */
export function checkDeposit(text: string): AmountCheck {
  return readAmount(text, "Please enter a valid deposit amount");
}

/** Checks a withdrawal amount as a deposit, and never above the casino AMINA balance. */
export function checkWithdraw(text: string, balanceUnits: number): AmountCheck {
  const check = readAmount(text, "Please enter a valid withdrawal amount");
  if (check.ok && check.units > balanceUnits) {
    return {
      ok: false,
      code: "cashier/insufficient_balance",
      title: "Insufficient Balance",
      description: "You don't have enough AMINA tokens to withdraw",
    };
  }
  return check;
}

/** A share of the balance rounded down to the 0.001 step, as input text ("" when nothing is left). */
export function shareOfBalance(balanceUnits: number, fraction: number): string {
  const units = Math.floor((balanceUnits * fraction) / CASHIER_MIN_AMINA) * CASHIER_MIN_AMINA;
  return units > 0 ? formatUnits(units) : "";
}

/**
 * The cashier's note when the demo faucet gave this wallet nothing: it is released per address and
 * per hour, so the fixed supply cannot be drained by making wallets. Undefined when it did fund it.
 */
export function faucetRefusalNote(faucet: FaucetInfo | null | undefined): string | undefined {
  if (!faucet || faucet.received) return undefined;
  return (
    `The demo faucet gave this wallet no AMINA: it releases ${faucet.perAddressPerHour} AMINA per ` +
    `address per hour and ${faucet.casinoPerHour} AMINA per hour across the casino, so the fixed ` +
    "supply cannot be drained. Deposit AMINA you hold, or play with House Coins."
  );
}
