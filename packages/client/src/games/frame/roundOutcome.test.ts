import { coins } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { describeNet, judgeNet, settledResult } from "./roundOutcome.ts";

describe("round outcome", () => {
  it("names a 0.2x plinko slot a loss of 80% of the stake, not a win", () => {
    expect(judgeNet(coins(3), coins(0.6))).toBe("loss");
    expect(describeNet(coins(3), coins(0.6), "HC")).toBe("Loss of 2.4 HC: stake 3 HC, payout 0.6 HC");
  });

  it("names a 1x payout a push and more than the stake a win, exactly", () => {
    expect(describeNet(coins(3), coins(3), "HC")).toBe("Push: stake 3 HC, payout 3 HC");
    expect(describeNet(coins(3), 6_998_400, "HC")).toBe("Win of 3.9984 HC: stake 3 HC, payout 6.9984 HC");
    expect(describeNet(coins(0.001), 0, "AMINA")).toBe(
      "Loss of 0.001 AMINA: stake 0.001 AMINA, payout 0.000 AMINA",
    );
  });

  it("puts the game's headline first and keeps the verdict as the tone", () => {
    expect(settledResult("Total 7.", coins(10), coins(58.32), "HC")).toEqual({
      text: "Total 7. Win of 48.32 HC: stake 10 HC, payout 58.32 HC",
      tone: "win",
    });
    expect(settledResult("", coins(1), coins(1), "HC").tone).toBe("push");
  });
});
