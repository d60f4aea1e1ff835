import { describe, expect, it } from "vitest";
import { pokerVerifyHref, readSeenCards } from "./pokerSeenCards.ts";
import { readVerifyForm } from "./verifyParams.ts";

describe("poker verify links", () => {
  it("carry the hand id, the roots seen before the deal and the cards seen, and read back the same", () => {
    const href = pokerVerifyHref({
      handId: "42",
      root: "ab".repeat(32),
      seedHash: "cd".repeat(32),
      board: [0, 51, 12],
      holeCards: [
        { seat: 3, cards: [7, 8] },
        { seat: 5, cards: [] },
      ],
    });
    const form = readVerifyForm(new URL(href, "http://casino.test").searchParams);
    expect(form).toMatchObject({
      game: "poker",
      handId: "42",
      hash: "ab".repeat(32),
      seedHash: "cd".repeat(32),
    });
    expect(readSeenCards(form.board, form.holes)).toEqual({ board: [0, 51, 12], holeCards: { 3: [7, 8] } });
  });

  it("leave out what the table page did not see", () => {
    const href = pokerVerifyHref({ handId: "7", root: "", seedHash: "", board: [], holeCards: [] });
    expect(href).toBe("/verify?game=poker&handId=7");
    expect(readSeenCards("", "")).toEqual({ board: [], holeCards: {} });
  });

  it("refuse seen cards that are not card indices (invariant: a mangled link never passes as seen)", () => {
    expect(readSeenCards("0,52", "")).toBeNull();
    expect(readSeenCards("1,x", "")).toBeNull();
    expect(readSeenCards("", "3:1,2;4")).toBeNull();
    expect(readSeenCards("", "3:")).toBeNull();
  });
});
