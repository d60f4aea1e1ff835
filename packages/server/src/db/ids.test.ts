import { describe, expect, it } from "vitest";
import { createTimeOrderedId } from "./ids.ts";

describe("createTimeOrderedId", () => {
  it("is a version 7, variant 10 UUID", () => {
    expect(createTimeOrderedId()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it("sorts in creation order, within one millisecond and across the clock", () => {
    const ids = [
      ...Array.from({ length: 5000 }, () => createTimeOrderedId(1_700_000_000_000)),
      ...Array.from({ length: 10 }, () => createTimeOrderedId(1_700_000_000_500)),
    ];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("encodes the millisecond in its first 48 bits", () => {
    const now = Date.now() + 60_000;
    expect(Number.parseInt(createTimeOrderedId(now).replace(/-/g, "").slice(0, 12), 16)).toBe(now);
  });
});
