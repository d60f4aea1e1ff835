import { describe, expect, it } from "vitest";
import { TEST_CHAIN } from "./test-chain.test-helpers.ts";
import { checkCrashCli } from "./verify-cli.ts";

const round5 = TEST_CHAIN.rounds[4];
const flags = (extra: Record<string, string> = {}) =>
  new Map(
    Object.entries({
      "crash-hash": round5.hash,
      salt: TEST_CHAIN.salt,
      round: "5",
      terminal: TEST_CHAIN.terminal,
      ...extra,
    }),
  );

describe("pnpm verify for a crash round", () => {
  it("prints the crash point and the chain link of a worked example", () => {
    const result = checkCrashCli(flags({ "crash-point": "61.17" }));
    expect(result.ok).toBe(true);
    expect(result.lines.join("\n")).toMatch(/61\.17x[\s\S]*yes: 5 SHA-256 steps[\s\S]*matches shown\s+yes/);
  });

  it("fails on a wrong round number or a wrong crash point, and asks for missing flags", () => {
    expect(checkCrashCli(flags({ round: "4" })).ok).toBe(false);
    expect(checkCrashCli(flags({ "crash-point": "2" })).ok).toBe(false);
    expect(() => checkCrashCli(new Map([["crash-hash", round5.hash]]))).toThrow(/--salt/);
  });
});
