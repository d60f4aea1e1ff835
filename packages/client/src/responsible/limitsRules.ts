/** Pure helpers of the responsible-gaming screen: labels, which limits changed, how a session reads. */
import type { Currency } from "@casino/protocol";
import type { LimitKind, LimitPeriod, LimitView } from "@casino/protocol/schemas/responsible";
import { formatMoney, toUnits } from "../ui/format.ts";
import type { LimitChange } from "./responsibleApi.ts";

/** The row labels of the limits table. */
export const KIND_LABELS: Record<LimitKind, string> = {
  deposit: "Deposit limit",
  loss: "Loss limit",
  wager: "Wager limit",
};

/** The column labels of the limits table. */
export const PERIOD_LABELS: Record<LimitPeriod, string> = { day: "Daily", week: "Weekly", month: "Monthly" };

/** How the screen explains the periods (README says the same). */
export const PERIODS_NOTE =
  "Limits count in calendar periods in UTC: the day from 00:00 UTC, the week from Monday 00:00 UTC, the month from the 1st. A loss is your stakes minus your payouts; a bet counts in full until it settles.";

/** The key of one limit slot. */
export function slotKey(limit: { currency: string; kind: string; period: string }): string {
  return `${limit.currency}:${limit.kind}:${limit.period}`;
}

/** The changes between the limits shown and what the player typed (blank removes a limit). */
export function findChanges(limits: LimitView[], typed: Record<string, string>): LimitChange[] {
  const changes: LimitChange[] = [];
  for (const limit of limits) {
    const key = slotKey(limit);
    const value = typed[key];
    if (value === undefined) continue;
    const amount = value.trim() === "" ? null : value.trim();
    const shown = limit.pending ? limit.pending.amount : limit.amount;
    if (amount === shown || (amount !== null && shown !== null && Number(amount) === Number(shown))) continue;
    changes.push({ currency: limit.currency, kind: limit.kind, period: limit.period, amount });
  }
  return changes;
}

/**
 * What a period has used of a limit, as the table says it. A loss is stakes minus payouts, so a
 * player who won more than they staked has used none of the loss limit and is ahead by the rest.
 */
export function describeUsed(kind: LimitKind, used: string, currency: Currency): string {
  const units = toUnits(used);
  if (kind === "loss" && units < 0)
    return `Used ${formatMoney(0, currency)} (ahead ${formatMoney(-units, currency)})`;
  return `Used ${formatMoney(units, currency)}`;
}

/** "1 h 05 min" for a number of milliseconds. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h ${String(rest).padStart(2, "0")} min` : `${rest} min`;
}

/** A UTC time as the screen shows it: "2026-11-27 12:00 UTC". */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * Which reality check is due: the number of whole intervals played since the session started
 * (0: none yet). The dialog shows when this grows past the last one acknowledged.
 */
export function dueRealityCheck(
  startedAt: string | null,
  intervalMinutes: number | null,
  now: number,
): number {
  if (!startedAt || !intervalMinutes) return 0;
  return Math.floor((now - Date.parse(startedAt)) / (intervalMinutes * 60_000));
}
