/**
 * Calendar periods in UTC, the ones the limits count in: the day from 00:00, the week from
 * Monday 00:00 (ISO weeks) and the month from the 1st. A period is named by its start (epoch ms),
 * so a running total whose start is not the current one belongs to a finished period.
 */
import type { LimitPeriod } from "@casino/protocol/schemas/responsible";

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the period holding `now` began. */
export function startOfPeriod(period: LimitPeriod, now: number): number {
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  if (period === "day") return day;
  if (period === "week") {
    const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
    return day - weekday * DAY_MS;
  }
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** When the period holding `now` ends (the next one begins). */
export function endOfPeriod(period: LimitPeriod, now: number): number {
  const start = startOfPeriod(period, now);
  if (period === "day") return start + DAY_MS;
  if (period === "week") return start + 7 * DAY_MS;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** The adjective a message names a period with. */
export function describePeriod(period: LimitPeriod): string {
  return period === "day" ? "daily" : period === "week" ? "weekly" : "monthly";
}

/** A time as players read it in messages: "2026-11-27 14:05 UTC". */
export function formatUtc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** A calendar date in UTC: "2027-05-25". */
export function formatUtcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
