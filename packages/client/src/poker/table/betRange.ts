/**
 * The amount control of the action bar: which of Bet or Raise the server allows, its legal range
 * (a total for the round, "raise to", in chips), pot-sized presets, and the check of a typed value.
 * The server decides what is legal; this only mirrors the legal options it published.
 */
import type { LegalSnap } from "./tableSnapshot.ts";

/** The bet or raise a player may make now, or none. */
export type BetControl =
  | { kind: "none" }
  | { kind: "bet" | "raise"; label: "Bet" | "Raise to"; min: number; max: number };

/** The smallest amount the bet input accepts (SPEC.md section 5: min 1). */
export const BET_INPUT_MIN = 1;

/** Reads the legal options into the bet control (none when only all-in or nothing is left). */
export function describeBetControl(legal: LegalSnap): BetControl {
  if (!legal.canBet && !legal.canRaise) return { kind: "none" };
  const min = Math.max(BET_INPUT_MIN, legal.minRaiseTo);
  const max = legal.maxRaiseTo;
  if (max < min) return { kind: "none" };
  return legal.canBet
    ? { kind: "bet", label: "Bet", min, max }
    : { kind: "raise", label: "Raise to", min, max };
}

/** Keeps an amount inside the control's range, in whole chips. */
export function clampBet(amount: number, control: BetControl): number {
  if (control.kind === "none") return 0;
  if (Number.isNaN(amount)) return control.min;
  return Math.min(control.max, Math.max(control.min, Math.round(amount)));
}

/** A typed amount: the chips to send, or why it cannot be sent. */
export type BetCheck = { ok: true; amount: number } | { ok: false; message: string };

/** Checks a typed bet: a whole number of chips inside the legal range. */
export function checkBetInput(text: string, control: BetControl): BetCheck {
  if (control.kind === "none") return { ok: false, message: "You cannot bet or raise now" };
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: "Enter a whole number of chips" };
  const amount = Number(trimmed);
  if (amount < control.min) return { ok: false, message: `The minimum is ${control.min} chips` };
  if (amount > control.max) return { ok: false, message: `The maximum is ${control.max} chips` };
  return { ok: true, amount };
}

/** Pot-sized presets: the raise-to total for a fraction of the pot after calling (all of it for Infinity), clamped to the range. */
export function potFractionTo(
  fraction: number,
  pot: number,
  myBet: number,
  legal: LegalSnap,
  control: BetControl,
): number {
  if (fraction === Number.POSITIVE_INFINITY) return control.kind === "none" ? 0 : control.max;
  const highest = myBet + legal.callAmount;
  return clampBet(highest + fraction * (pot + legal.callAmount), control);
}

/** The call button's text: "Call 20". */
export function describeCall(legal: LegalSnap): string {
  return `Call ${legal.callAmount}`;
}
