/** Invariants: one computation per key and period of reuse, shared by concurrent askers; failures are not kept. */
import { describe, expect, it } from "vitest";
import { createTtlCache } from "./ttl-cache.ts";

describe("createTtlCache", () => {
  it("shares one computation until the answer is ttl old, then computes again", async () => {
    let now = 1000;
    let runs = 0;
    const cache = createTtlCache<number>(30, () => now);
    const compute = async () => ++runs;
    const [a, b] = await Promise.all([cache.get("k", compute), cache.get("k", compute)]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    now += 29;
    expect(await cache.get("k", compute)).toBe(1);
    now += 1;
    expect(await cache.get("k", compute)).toBe(2);
    expect(await cache.get("other", compute)).toBe(3);
  });

  it("forgets a failed computation", async () => {
    const cache = createTtlCache<number>(30, () => 0);
    await expect(cache.get("k", () => Promise.reject(new Error("busy")))).rejects.toThrow("busy");
    expect(await cache.get("k", async () => 7)).toBe(7);
  });

  it("holds at most maxEntries answers, dropping expired and then oldest ones", async () => {
    let now = 0;
    const cache = createTtlCache<number>(10, () => now, 2);
    await cache.get("a", async () => 1);
    await cache.get("b", async () => 2);
    await cache.get("c", async () => 3);
    expect(cache.size).toBe(2);
    now = 20;
    await cache.get("d", async () => 4);
    expect(cache.size).toBe(1);
  });
});
