/** The pure rules: calendar periods in UTC, tighter-now/looser-later changes, exclusions only lengthen. */
import { coins } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { addMonths, changeLimits, excludeUntil } from "./changes.ts";
import { addStake, checkStake } from "./gate.ts";
import { endOfPeriod, startOfPeriod } from "./periods.ts";
import { applyDueChanges, emptyState } from "./state.ts";

const NOON = Date.UTC(2026, 10, 25, 12); // Wednesday 25 November 2026
const HOUR = 60 * 60 * 1000;

describe("calendar periods in UTC", () => {
  it("start at midnight, on Monday and on the 1st, and end where the next begins", () => {
    expect(new Date(startOfPeriod("day", NOON)).toISOString()).toBe("2026-11-25T00:00:00.000Z");
    expect(new Date(startOfPeriod("week", NOON)).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(new Date(startOfPeriod("month", NOON)).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(new Date(endOfPeriod("week", NOON)).toISOString()).toBe("2026-11-30T00:00:00.000Z");
    expect(new Date(endOfPeriod("month", Date.UTC(2026, 11, 31, 23))).toISOString()).toBe(
      "2027-01-01T00:00:00.000Z",
    );
    expect(startOfPeriod("week", Date.UTC(2026, 10, 29, 23))).toBe(startOfPeriod("week", NOON)); // Sunday
  });

  it("a new period starts its totals from zero", () => {
    const limited = changeLimits(
      emptyState(),
      { limits: [{ currency: "HC", kind: "loss", period: "day", amount: coins(5) }] },
      NOON,
    );
    const spent = addStake(limited, "HC", coins(5), 0, NOON);
    expect(checkStake(spent, "HC", coins(1), NOON)?.code).toBe("limits/loss_limit_reached");
    expect(checkStake(spent, "HC", coins(1), NOON + 12 * HOUR)).toBeUndefined();
  });
});

describe("changing limits", () => {
  const set = (amount: number | null) => ({
    limits: [{ currency: "HC" as const, kind: "wager" as const, period: "day" as const, amount }],
  });

  it("a tighter limit applies at once and drops a pending looser one", () => {
    const ten = changeLimits(emptyState(), set(coins(10)), NOON);
    const pending = changeLimits(ten, set(coins(20)), NOON);
    expect(pending.limits["HC:wager:day"]).toBe(coins(10));
    expect(pending.pending["HC:wager:day"]).toEqual({ amount: coins(20), at: NOON + 24 * HOUR });
    const five = changeLimits(pending, set(coins(5)), NOON + HOUR);
    expect(five.limits["HC:wager:day"]).toBe(coins(5));
    expect(five.pending).toEqual({});
  });

  it("a removal waits 24 hours, then takes effect", () => {
    const removed = changeLimits(changeLimits(emptyState(), set(coins(10)), NOON), set(null), NOON);
    expect(applyDueChanges(removed, NOON + 24 * HOUR - 1).limits["HC:wager:day"]).toBe(coins(10));
    expect(applyDueChanges(removed, NOON + 24 * HOUR).limits).toEqual({});
  });

  it("a longer session limit waits 24 hours; a shorter one applies at once", () => {
    const sixty = changeLimits(emptyState(), { sessionMinutes: 60 }, NOON);
    expect(sixty.sessionMinutes).toBe(60);
    expect(changeLimits(sixty, { sessionMinutes: 120 }, NOON).sessionMinutes).toBe(60);
    expect(changeLimits(sixty, { sessionMinutes: 30 }, NOON).sessionMinutes).toBe(30);
  });
});

describe("exclusions", () => {
  it("can be lengthened, never shortened, and end by themselves", () => {
    const excluded = excludeUntil(emptyState(), "self_exclusion", addMonths(NOON, 6), NOON);
    expect(excludeUntil(excluded, "cool_off", NOON + 24 * HOUR, NOON)).toBe(excluded);
    expect(checkStake(excluded, "HC", coins(1), addMonths(NOON, 6) - 1)?.message).toBe(
      "You are self-excluded until 2027-05-25",
    );
    expect(checkStake(excluded, "HC", coins(1), addMonths(NOON, 6))).toBeUndefined();
  });
});
