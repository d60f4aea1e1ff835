import type { LimitView } from "@casino/protocol/schemas/responsible";
import { describe, expect, it } from "vitest";
import { describeUsed, dueRealityCheck, findChanges, formatDuration } from "./limitsRules.ts";

/** One limit slot as GET /api/limits shows it. */
function makeSlot(amount: string | null, pending: string | null = null): LimitView {
  return {
    currency: "HC",
    kind: "loss",
    period: "day",
    amount,
    pending: pending === null ? null : { amount: pending, effectiveAt: "2026-11-26T12:00:00.000Z" },
    used: "0",
    resetsAt: "2026-11-26T00:00:00.000Z",
  };
}

describe("the limits screen's rules", () => {
  it("sends only the slots the player changed; blank removes a limit", () => {
    expect(findChanges([makeSlot("5")], {})).toEqual([]);
    expect(findChanges([makeSlot("5")], { "HC:loss:day": "5.0" })).toEqual([]);
    expect(findChanges([makeSlot("5")], { "HC:loss:day": "3" })).toEqual([
      { currency: "HC", kind: "loss", period: "day", amount: "3" },
    ]);
    expect(findChanges([makeSlot("5")], { "HC:loss:day": " " })[0]?.amount).toBeNull();
    expect(findChanges([makeSlot("5", "50")], { "HC:loss:day": "50" })).toEqual([]);
  });

  it("says a player who is ahead has used none of a loss limit, and shows the rest as it is", () => {
    expect(describeUsed("loss", "-39.984", "HC")).toBe("Used 0 HC (ahead 39.984 HC)");
    expect(describeUsed("loss", "12.5", "HC")).toBe("Used 12.5 HC");
    expect(describeUsed("loss", "0", "AMINA")).toBe("Used 0.000 AMINA");
    expect(describeUsed("wager", "7", "HC")).toBe("Used 7 HC");
    expect(describeUsed("wager", "0.110664", "AMINA")).toBe("Used 0.110664 AMINA");
  });

  it("a reality check is due after each whole interval of the session", () => {
    const start = "2026-11-25T12:00:00.000Z";
    const at = (minutes: number) => Date.parse(start) + minutes * 60_000;
    expect(dueRealityCheck(start, 5, at(4))).toBe(0);
    expect(dueRealityCheck(start, 5, at(5))).toBe(1);
    expect(dueRealityCheck(start, 5, at(11))).toBe(2);
    expect(dueRealityCheck(null, 5, at(11))).toBe(0);
    expect(dueRealityCheck(start, null, at(11))).toBe(0);
    expect(formatDuration(65 * 60_000)).toBe("1 h 05 min");
  });
});
