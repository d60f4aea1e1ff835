import { describe, expect, it } from "vitest";
import { describeRoundNotice } from "./roundNotices.ts";

describe("the notice of a round the server settled", () => {
  it("names the game, stake, payout and the net as a win, a loss or a push", () => {
    const notice = { gameType: "hilo", roundId: "r1", currency: "HC", stake: 10_000_000, payout: 9_750_000 };
    expect(describeRoundNotice(notice)).toEqual({
      title: "Round settled automatically",
      description:
        "Your Cosmic Hi-Lo round was left open for 2 minutes, so the casino settled it by the rules: stake 10 HC, paid 9.75 HC, a loss of 0.25 HC. It is in your history.",
    });
    expect(
      describeRoundNotice({ ...notice, gameType: "blackjack", payout: 20_000_000 }).description,
    ).toContain("Galaxy Blackjack round");
    expect(describeRoundNotice({ ...notice, payout: 20_000_000 }).description).toContain("a win of 10 HC");
    expect(describeRoundNotice({ ...notice, payout: 10_000_000 }).description).toContain(
      "a push (the stake came back)",
    );
  });
});
