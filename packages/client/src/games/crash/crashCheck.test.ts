import { describe, expect, it } from "vitest";
import { checkCrashRound } from "./crashCheck.ts";

/** Round 5 of docs/FAIRNESS.md's test chain: crashed at 61.17x. */
const ROUND_5 = {
  number: 5,
  status: "crashed",
  hash: "31bf68ce761c56e01a4eb8547923c9d57da60e6a26dc2af1fdc3244c45abe597",
  salt: "9c3bd9be2bdfc40d3f38ab3d552719b7d9bc0f361f15e634f21e7819fc43b5b3",
  terminal: "01796b19c131160d5b4b8ee2a63602005a4e6e9e589d33e039c028ccc616a5aa",
  crashPoint: 6117,
};

describe("checking a crash round in the browser", () => {
  it("links the worked example to the terminal and recomputes its crash point", async () => {
    const seen: number[] = [];
    const check = await checkCrashRound(ROUND_5, (done) => seen.push(done));
    expect(check).toEqual({ linked: true, computedPoint: 6117, pointMatches: true });
    expect(seen.at(-1)).toBe(5);
  });

  it("catches a round shown with another number, crash point or terminal", async () => {
    expect((await checkCrashRound({ ...ROUND_5, number: 4 })).linked).toBe(false);
    expect((await checkCrashRound({ ...ROUND_5, crashPoint: 6118 })).pointMatches).toBe(false);
    expect((await checkCrashRound({ ...ROUND_5, terminal: "00".repeat(32) })).linked).toBe(false);
    expect((await checkCrashRound({ ...ROUND_5, crashPoint: null })).pointMatches).toBeNull();
  });
});
