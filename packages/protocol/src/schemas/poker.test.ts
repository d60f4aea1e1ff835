import { describe, expect, it } from "vitest";
import {
  POKER_MESSAGE_SCHEMAS,
  pokerActionBodySchema,
  pokerChipTransactionBodySchema,
  pokerJoinBodySchema,
  toEngineActionType,
} from "./poker.ts";

describe("poker REST bodies", () => {
  const join = { walletAddress: "DEMOABCDEFGHI", buyInAmount: "0.04", currency: "AMINA" };

  it("parses a join with the buy-in in exact micro-units and a trimmed name", () => {
    expect(pokerJoinBodySchema.parse({ ...join, playerName: "  Ada ", extra: 1 })).toEqual({
      walletAddress: "DEMOABCDEFGHI",
      buyInAmount: 40_000,
      currency: "AMINA",
      playerName: "Ada",
    });
  });

  it.each([
    [{ buyInAmount: -1 }, "buyInAmount"],
    [{ buyInAmount: "0.0000001" }, "buyInAmount"],
    [{ currency: "BTC" }, "currency"],
    [{ playerName: "x".repeat(25) }, "playerName"],
    [{ playerName: "tab\tname" }, "playerName"],
    [{ seatPosition: 9 }, "seatPosition"],
  ])("refuses a join with %j", (wrong, field) => {
    const parsed = pokerJoinBodySchema.safeParse({ ...join, ...wrong });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual([field]);
  });

  it("needs the raise-to amount for bets and raises, in whole chips", () => {
    expect(pokerActionBodySchema.parse({ actionType: "raise", amount: 40, version: 3 })).toEqual({
      actionType: "raise",
      amount: 40,
      version: 3,
    });
    expect(pokerActionBodySchema.safeParse({ actionType: "bet", version: 3 }).success).toBe(false);
    expect(pokerActionBodySchema.safeParse({ actionType: "bet", amount: 2.5, version: 3 }).success).toBe(
      false,
    );
    expect(pokerActionBodySchema.safeParse({ actionType: "bet", amount: 0, version: 3 }).success).toBe(false);
    expect(pokerActionBodySchema.safeParse({ actionType: "shove", version: 3 }).success).toBe(false);
    expect(pokerActionBodySchema.parse({ actionType: "all-in", version: 0 })).toEqual({
      actionType: "all-in",
      version: 0,
    });
  });

  it.each([
    ["the body", pokerActionBodySchema],
    ["the room message", POKER_MESSAGE_SCHEMAS.action],
  ] as const)("needs in %s the whole, non-negative table version the action was taken on", (_, schema) => {
    expect(schema.safeParse({ actionType: "check" }).success).toBe(false);
    expect(schema.safeParse({ actionType: "check", version: -1 }).success).toBe(false);
    expect(schema.safeParse({ actionType: "check", version: 1.5 }).success).toBe(false);
    expect(schema.safeParse({ actionType: "check", version: "4" }).success).toBe(false);
    expect(schema.safeParse({ actionType: "check", version: 4 }).success).toBe(true);
  });

  it("parses a chip transaction and refuses a zero amount or an unknown action", () => {
    expect(pokerChipTransactionBodySchema.parse({ action: "buy", aminaAmount: 0.05 })).toEqual({
      action: "buy",
      aminaAmount: 50_000,
    });
    expect(pokerChipTransactionBodySchema.safeParse({ action: "buy", aminaAmount: 0 }).success).toBe(false);
    expect(pokerChipTransactionBodySchema.safeParse({ action: "sell", aminaAmount: 1 }).success).toBe(false);
  });
});

describe("poker room messages", () => {
  it.each([
    ["all-in", "all_in"],
    ["all_in", "all_in"],
    ["call", "call"],
  ] as const)("maps the wire action %s to the engine's %s", (wire, engine) => {
    expect(toEngineActionType(wire)).toBe(engine);
  });

  it("refuses unknown fields (a malformed message drops the client)", () => {
    expect(
      POKER_MESSAGE_SCHEMAS.action.safeParse({ actionType: "check", version: 1, hack: true }).success,
    ).toBe(false);
    expect(POKER_MESSAGE_SCHEMAS.preAction.safeParse({ preAction: "raise_any" }).success).toBe(false);
    expect(POKER_MESSAGE_SCHEMAS.sitOut.safeParse({ sittingOut: "yes" }).success).toBe(false);
    expect(POKER_MESSAGE_SCHEMAS.leave.safeParse(undefined).success).toBe(true);
    expect(POKER_MESSAGE_SCHEMAS.startHand.safeParse({ now: 1 }).success).toBe(false);
    expect(POKER_MESSAGE_SCHEMAS.sit.parse({ buyInAmount: 50, playerName: "Bo" })).toEqual({
      buyInAmount: 50_000_000,
      playerName: "Bo",
    });
  });
});
