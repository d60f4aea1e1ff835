import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bytesToFloat, createFloatStream, hashServerSeed, roundFloats } from "./stream.ts";

const serverSeed = "a".repeat(64);

/** Independent reference: Node's own HMAC, read 4 bytes at a time. */
function referenceFloats(seed: string, client: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    const bytes = createHmac("sha256", seed).update(`${client}:${nonce}:${round}`).digest();
    for (let i = 0; i < 32 && out.length < count; i += 4) {
      out.push(
        bytes[i]! / 256 + bytes[i + 1]! / 256 ** 2 + bytes[i + 2]! / 256 ** 3 + bytes[i + 3]! / 256 ** 4,
      );
    }
  }
  return out;
}

describe("provably-fair stream", () => {
  it("hashes the seed's hex text as ASCII with SHA-256", () => {
    expect(hashServerSeed(serverSeed)).toBe(createHash("sha256").update(serverSeed).digest("hex"));
    expect(hashServerSeed("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("matches an independent HMAC reference across several 32-byte rounds", () => {
    expect(roundFloats(serverSeed, "player-seed", 7, 20)).toEqual(
      referenceFloats(serverSeed, "player-seed", 7, 20),
    );
  });

  it("keeps a known answer for a fixed seed", () => {
    const [f0] = roundFloats(serverSeed, "lucky", 0, 1);
    const bytes = createHmac("sha256", serverSeed).update("lucky:0:0").digest();
    expect(f0).toBe(bytesToFloat(bytes, 0));
    expect(f0).toBeGreaterThanOrEqual(0);
    expect(f0).toBeLessThan(1);
  });

  it("resumes a stream from a stored position", () => {
    const all = roundFloats(serverSeed, "c", 3, 12);
    const resumed = createFloatStream(serverSeed, "c", 3, 9);
    expect(resumed.position).toBe(9);
    expect([resumed.next(), resumed.next(), resumed.next()]).toEqual(all.slice(9));
  });

  it("gives different floats for different nonces", () => {
    expect(roundFloats(serverSeed, "c", 1, 4)).not.toEqual(roundFloats(serverSeed, "c", 2, 4));
  });
});
