import { describe, expect, it } from "vitest";
import { crashBetBodySchema, crashCashOutBodySchema } from "./schemas.ts";

describe("the crash bodies", () => {
  it("parses a bet in coins into micro-units and the target into hundredths", () => {
    expect(crashBetBodySchema.parse({ betAmount: 10, currency: "HC", autoCashOut: 2.5 })).toEqual({
      betAmount: 10_000_000,
      currency: "HC",
      autoCashOut: 250,
    });
    expect(
      crashBetBodySchema.parse({ betAmount: "0.005", currency: "AMINA", autoCashOut: "1.01" }),
    ).toMatchObject({
      betAmount: 5_000,
      autoCashOut: 101,
    });
    expect(crashBetBodySchema.parse({ betAmount: 1, currency: "HC" }).autoCashOut).toBeUndefined();
  });

  it.each([
    [{ betAmount: 0, currency: "HC" }],
    [{ betAmount: 101, currency: "HC" }],
    [{ betAmount: 1.5, currency: "HC" }],
    [{ betAmount: 1, currency: "EUR" }],
    [{ betAmount: 1, currency: "HC", autoCashOut: 1 }],
    [{ betAmount: 1, currency: "HC", autoCashOut: 2.555 }],
    [{ betAmount: 1, currency: "HC", autoCashOut: -2 }],
    [{ betAmount: 1, currency: "HC", autoCashOut: "NaN" }],
    [{ betAmount: 1, currency: "HC", autoCashOut: 10_000_001 }],
    [{ betAmount: 1, currency: "HC", extra: true }],
  ])("refuses %j", (body) => {
    expect(crashBetBodySchema.safeParse(body).success).toBe(false);
  });

  it("takes a cash-out naming only its currency", () => {
    expect(crashCashOutBodySchema.parse({ currency: "HC" })).toEqual({ currency: "HC" });
    expect(crashCashOutBodySchema.safeParse({ currency: "HC", multiplier: 99 }).success).toBe(false);
  });
});
