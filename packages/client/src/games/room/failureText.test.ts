import { messageOf } from "@casino/protocol/wire/failures";
import { describe, expect, it } from "vitest";
import { describeGameFailure } from "./failureText.ts";

describe("describeGameFailure maps codes to SPEC.md section 8 texts", () => {
  // action, code, the text shown, and the server's message when it is not that text
  it.each([
    ["spin", "bet/insufficient_balance", "Insufficient balance!", undefined],
    ["buyBonus", "slots/insufficient_for_bonus", "Insufficient balance for bonus!", undefined],
    ["buyBonus", "bet/insufficient_balance", "Insufficient balance for bonus!", undefined],
    ["drop", "plinko/too_many_balls", "Maximum 5 balls allowed!", undefined],
    ["deal", "http/internal", "Failed to deal cards Internal server error", "Internal server error"],
    ["hit", "room/offline", "Hit failed Not connected", "Not connected"],
    [
      "cashOut",
      "hilo/no_streak",
      "Failed to cashout! Guess at least once before cashing out",
      "Guess at least once before cashing out",
    ],
  ])("%s + %s -> %s", (action, code, text, message) => {
    expect(describeGameFailure(action, { code, message: message ?? text })).toBe(text);
  });

  it("shows the catalogue's text whatever the reply's own message says", () => {
    for (const code of ["bet/insufficient_balance", "plinko/too_many_balls"] as const)
      expect(describeGameFailure("roll", { code, message: "something else" })).toBe(messageOf(code));
    expect(describeGameFailure("buyBonus", { code: "bet/insufficient_balance", message: "" })).toBe(
      messageOf("slots/insufficient_for_bonus"),
    );
  });

  it("a failure whose message is the generic text is not repeated", () => {
    expect(describeGameFailure("stand", { code: "room/timeout", message: "Stand failed" })).toBe(
      "Stand failed",
    );
  });
});
