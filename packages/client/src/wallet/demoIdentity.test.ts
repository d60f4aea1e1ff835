import { describe, expect, it } from "vitest";
import { createDemoIdentity, isDemoIdentity } from "./demoIdentity.ts";

/** A seeded byte source (xorshift32) so every run draws the same identities. */
function seededFill(seed: number) {
  let state = seed;
  return (bytes: Uint8Array) => {
    for (let i = 0; i < bytes.length; i += 1) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      bytes[i] = state & 0xff;
    }
    return bytes;
  };
}

describe("createDemoIdentity", () => {
  it("makes DEMO + 9 uppercase letters or digits", () => {
    const fill = seededFill(42);
    for (let i = 0; i < 200; i += 1) {
      const id = createDemoIdentity(fill);
      expect(id).toMatch(/^DEMO[A-Z0-9]{9}$/);
      expect(isDemoIdentity(id)).toBe(true);
    }
  });

  it("gives different browsers different identities", () => {
    const fill = seededFill(7);
    const ids = new Set(Array.from({ length: 500 }, () => createDemoIdentity(fill)));
    expect(ids.size).toBe(500);
  });

  it("redraws biased bytes instead of folding them onto the alphabet", () => {
    // 252..255 would map onto A..D with a modulo: they must be skipped.
    const bytes = [255, 254, 253, 252, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    const id = createDemoIdentity((out) => {
      out.set(bytes);
      return out;
    });
    expect(id).toBe("DEMOABCDEFGHI");
  });

  it("uses every character of the alphabet", () => {
    const fill = seededFill(99);
    const seen = new Set<string>();
    for (let i = 0; i < 300; i += 1) for (const c of createDemoIdentity(fill).slice(4)) seen.add(c);
    expect(seen.size).toBe(36);
  });
});

describe("isDemoIdentity", () => {
  it("refuses Algorand addresses and malformed demo ids", () => {
    expect(isDemoIdentity("DEMOabcdefghi")).toBe(false);
    expect(isDemoIdentity("DEMO12345678")).toBe(false);
    expect(isDemoIdentity("A".repeat(58))).toBe(false);
  });
});
