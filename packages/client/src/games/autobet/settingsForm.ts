/** The auto-bet form as the player types it, read into settings or refused with a namespaced code. */
import { parseAmount } from "@casino/protocol";
import type { AutoBetSettings, StakeChange } from "./plan.ts";

/** What the form holds: text fields as typed and the two reset/change choices. */
export type AutoBetForm = {
  bets: string;
  onWin: StakeChange["mode"];
  onWinPercent: string;
  onLoss: StakeChange["mode"];
  onLossPercent: string;
  stopProfit: string;
  stopLoss: string;
};

/** Why the form cannot start a run. */
export type AutoBetFormError = {
  code: "autobet/bad_count" | "autobet/bad_percent" | "autobet/bad_amount";
  message: string;
};

/** The form a screen opens with: 10 bets, reset on win and loss, no stop amounts. */
export const DEFAULT_AUTOBET_FORM: AutoBetForm = {
  bets: "10",
  onWin: "reset",
  onWinPercent: "100",
  onLoss: "reset",
  onLossPercent: "100",
  stopProfit: "",
  stopLoss: "",
};

/** The most bets one run may count (0 still means until stopped). */
export const MAX_AUTOBET_COUNT = 10_000;

/** Reads the count: a whole number 0..10,000 (empty is 0, until stopped). */
function readCount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  if (!/^\d+$/.test(trimmed)) return null;
  const count = Number(trimmed);
  return count <= MAX_AUTOBET_COUNT ? count : null;
}

/** Reads a stake change: a percentage from -99 to 1,000 when the mode is "change". */
function readChange(mode: StakeChange["mode"], text: string): StakeChange | null {
  if (mode === "reset") return { mode };
  const trimmed = text.trim();
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return null;
  const percent = Number(trimmed);
  return percent >= -99 && percent <= 1000 ? { mode, percent } : null;
}

/** Reads a stop amount in coins (empty or 0 is off). */
function readStopAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  const parsed = parseAmount(trimmed);
  return parsed.ok ? parsed.units : null;
}

/** The settings of a run, or the first thing wrong with the form. */
export function readAutoBetForm(
  form: AutoBetForm,
): { ok: true; settings: AutoBetSettings } | { ok: false; error: AutoBetFormError } {
  const bets = readCount(form.bets);
  if (bets === null)
    return fail("autobet/bad_count", `Number of bets: a whole number from 0 to ${MAX_AUTOBET_COUNT}`);
  const onWin = readChange(form.onWin, form.onWinPercent);
  const onLoss = readChange(form.onLoss, form.onLossPercent);
  if (!onWin || !onLoss) return fail("autobet/bad_percent", "Stake change: a percentage from -99 to 1000");
  const stopProfitUnits = readStopAmount(form.stopProfit);
  const stopLossUnits = readStopAmount(form.stopLoss);
  if (stopProfitUnits === null || stopLossUnits === null)
    return fail("autobet/bad_amount", "Stop amounts: a positive number with at most 6 decimals");
  return { ok: true, settings: { bets, onWin, onLoss, stopProfitUnits, stopLossUnits } };
}

/** A refusal value. */
function fail(code: AutoBetFormError["code"], message: string): { ok: false; error: AutoBetFormError } {
  return { ok: false, error: { code, message } };
}
