import { describe, expect, it } from "vitest";
import { readRoundState, resumeHrefOf } from "./roundState.ts";

describe("history round state", () => {
  it("shows an open round as open, not as a loss of its stake", () => {
    expect(readRoundState({ betAmount: 5, winAmount: 0, currency: "HC", status: "open" })).toMatchObject({
      kind: "open",
      netUnits: 0,
    });
    expect(resumeHrefOf("blackjack")).toBe("/game/blackjack");
  });

  it("judges settled rounds by their net, exactly", () => {
    expect(readRoundState({ betAmount: 3, winAmount: 0.6, currency: "HC", status: "settled" })).toMatchObject(
      {
        kind: "loss",
        netUnits: -2_400_000,
      },
    );
    expect(readRoundState({ betAmount: 0.001, winAmount: 0.001, currency: "AMINA" }).kind).toBe("push");
    expect(readRoundState({ betAmount: "3", winAmount: "6.9984", currency: "HC" })).toMatchObject({
      kind: "win",
      netUnits: 3_998_400,
    });
  });
});
