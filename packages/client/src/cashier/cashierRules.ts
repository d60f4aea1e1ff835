/** The cashier's input rules (SPEC.md sections 2, 5 and 8) as pure checks that return the toast to show. */
import { CASHIER_MIN_AMINA, formatUnits, messageOf, parseAmount } from "@casino/protocol";
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

/** Reads a typed amount down to one micro-unit; anything not a positive number is the screen's "valid amount" refusal. */
function readAmount(text: string, invalidDescription: string, wholeBalance?: number): AmountCheck {
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
      description: messageOf("cashier/bad_precision"),
    };
  if (parsed.units <= 0) return invalid;
  if (parsed.units < CASHIER_MIN_AMINA && parsed.units !== wholeBalance) {
    return {
      ...invalid,
      code: "cashier/below_minimum",
      description:
        wholeBalance === undefined
          ? "The minimum amount is 0.001 AMINA"
          : "The minimum amount is 0.001 AMINA, or your whole balance",
    };
  }
  return { ok: true, units: parsed.units, wire: formatUnits(parsed.units) };
}

/** Checks a deposit amount: present, at least 0.001, exact to the micro-unit. */
export function checkDeposit(text: string): AmountCheck {
  return readAmount(text, messageOf("deposit/invalid_amount"));
}

/** Checks a withdrawal: at least 0.001 or exactly the whole balance, never above it (docs/API.md). */
export function checkWithdraw(text: string, balanceUnits: number): AmountCheck {
  const check = readAmount(text, messageOf("withdraw/invalid_amount"), balanceUnits);
  if (check.ok && check.units > balanceUnits) {
    return {
      ok: false,
      code: "cashier/insufficient_balance",
      title: "Insufficient Balance",
      description: messageOf("withdraw/insufficient_balance"),
    };
  }
  return check;
}

/**
 * A share of the balance as input text, down to the micro-unit: MAX (1) is the whole balance; a
 * smaller share is rounded down and must reach the 0.001 minimum ("" when it does not).
 */
export function shareOfBalance(balanceUnits: number, fraction: number): string {
  if (balanceUnits <= 0) return "";
  if (fraction >= 1) return formatUnits(balanceUnits);
  const units = Math.floor(balanceUnits * fraction);
  return units >= CASHIER_MIN_AMINA ? formatUnits(units) : "";
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
