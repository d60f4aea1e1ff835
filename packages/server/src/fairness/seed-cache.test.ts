import { describe, expect, it } from "vitest";
import type { QueryBuilder } from "../db/steps.ts";
import {
  dropGuess,
  forgetCachedSeed,
  rememberGuessedSeed,
  rememberSeed,
  STALE_GUESS_PAUSE_MS,
  takeCachedSeed,
} from "./seed-cache.ts";
import type { FairContext } from "./seeds.ts";

const seed: FairContext = { seedId: "s1", serverSeed: "ab", serverSeedHash: "h", clientSeed: "c", nonce: 4 };

/** A database of its own: entries are kept per query builder. */
const database = () => ({}) as QueryBuilder;

describe("the remembered seeds", () => {
  it("hands out the next nonce once, until the bet that took it settles", () => {
    const q = database();
    rememberSeed(q, "u1", seed, 0);
    expect(takeCachedSeed(q, "u1")).toEqual({ ...seed, nonce: 5 });
    expect(takeCachedSeed(q, "u1")).toBeUndefined();
    rememberGuessedSeed(q, "u1", { ...seed, nonce: 5 });
    expect(takeCachedSeed(q, "u1")?.nonce).toBe(6);
    expect(takeCachedSeed(database(), "u1")).toBeUndefined();
  });

  it("pauses a player whose guess did not settle, for a minute", () => {
    const q = database();
    rememberSeed(q, "u1", seed, 0);
    takeCachedSeed(q, "u1");
    // The guess went stale: the ordinary bet settles next and pauses the player.
    rememberSeed(q, "u1", { ...seed, nonce: 9 }, 1_000);
    expect(takeCachedSeed(q, "u1")).toBeUndefined();
    rememberSeed(q, "u1", { ...seed, nonce: 10 }, 1_000 + STALE_GUESS_PAUSE_MS - 1);
    expect(takeCachedSeed(q, "u1")).toBeUndefined();
    rememberSeed(q, "u1", { ...seed, nonce: 11 }, 1_000 + STALE_GUESS_PAUSE_MS);
    expect(takeCachedSeed(q, "u1")?.nonce).toBe(12);
  });

  it("does not pause a player whose guess was never sent", () => {
    const q = database();
    rememberSeed(q, "u1", seed, 0);
    takeCachedSeed(q, "u1");
    dropGuess(q, "u1");
    rememberSeed(q, "u1", { ...seed, nonce: 7 }, 1);
    expect(takeCachedSeed(q, "u1")?.nonce).toBe(8);
  });

  it("forgets a seed when its pair or nonce moved in this process", () => {
    const q = database();
    rememberSeed(q, "u1", seed, 0);
    forgetCachedSeed(q, "u1");
    expect(takeCachedSeed(q, "u1")).toBeUndefined();
  });
});
