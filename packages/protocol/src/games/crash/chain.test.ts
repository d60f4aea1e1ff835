import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  buildChainCheckpoints,
  checkpointFor,
  hashChainLink,
  roundHashFromCheckpoint,
  verifyChainLink,
} from "./chain.ts";
import { TEST_CHAIN } from "./test-chain.test-helpers.ts";

/** Runs the checkpoint builder to its end. */
function buildAll(lastHash: string, length: number, every: number): Map<number, string> {
  const steps = buildChainCheckpoints(lastHash, length, every, 500);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

describe("the hash chain", () => {
  it("hashes the hex text of a hash, as any SHA-256 tool does", () => {
    const h = TEST_CHAIN.rounds[0].hash;
    expect(hashChainLink(h)).toBe(createHash("sha256").update(h).digest("hex"));
  });

  it("links every worked round to the previous one and the first to the terminal", () => {
    expect(hashChainLink(TEST_CHAIN.rounds[0].hash)).toBe(TEST_CHAIN.terminal);
    TEST_CHAIN.rounds.slice(1).forEach((later, i) => {
      expect(hashChainLink(later.hash)).toBe(TEST_CHAIN.rounds[i]?.hash);
    });
  });

  it("builds checkpoints whose index 0 is the terminal and recomputes any round from them", () => {
    const checkpoints = buildAll(TEST_CHAIN.lastHash, TEST_CHAIN.length, 1000);
    expect(checkpoints.get(0)).toBe(TEST_CHAIN.terminal);
    expect([...checkpoints.keys()].sort((a, b) => a - b)).toEqual([0, 1000, 2000]);
    for (const { round, hash } of TEST_CHAIN.rounds) {
      const at = checkpointFor(round, 1000);
      expect(roundHashFromCheckpoint(checkpoints.get(at) as string, at, round)).toBe(hash);
    }
    // Round 1999 sits one link below checkpoint 2000, round 1000 on checkpoint 1000 itself.
    expect(roundHashFromCheckpoint(TEST_CHAIN.lastHash, 2000, 1999)).toBe(hashChainLink(TEST_CHAIN.lastHash));
    expect(checkpointFor(1000, 1000)).toBe(1000);
  });

  it("verifies a revealed hash forward to the terminal and refuses a wrong one", () => {
    const fifth = TEST_CHAIN.rounds[4];
    expect(verifyChainLink(fifth.hash, 5, TEST_CHAIN.terminal)).toEqual({ ok: true, links: 5 });
    expect(verifyChainLink(fifth.hash, 4, TEST_CHAIN.terminal).ok).toBe(false);
    expect(verifyChainLink("00".repeat(32), 5, TEST_CHAIN.terminal).ok).toBe(false);
    expect(verifyChainLink("not hex", 5, TEST_CHAIN.terminal).ok).toBe(false);
    expect(verifyChainLink(fifth.hash, 0, TEST_CHAIN.terminal).ok).toBe(false);
  });

  it("refuses a checkpoint below the round and a chain length off the checkpoint step", () => {
    expect(() => roundHashFromCheckpoint(TEST_CHAIN.lastHash, 1000, 1001)).toThrow();
    expect(() => buildAll(TEST_CHAIN.lastHash, 1500, 1000)).toThrow();
  });
});
