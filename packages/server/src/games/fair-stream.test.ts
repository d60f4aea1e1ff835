import { createFloatStream } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { streamOf } from "./fair-stream.ts";

describe("the server's fair stream", () => {
  // Invariant: a player re-verifying a round with the published algorithm gets the server's floats.
  it("reads the same floats as the protocol's stream, from any position, across blocks", () => {
    const fairs = [
      { seedId: "s1", serverSeed: "a".repeat(64), serverSeedHash: "", clientSeed: "lucky", nonce: 0 },
      { seedId: "s2", serverSeed: "0f9e8d7c", serverSeedHash: "", clientSeed: "ünïcødé ✨", nonce: 123_456 },
    ];
    for (const fair of fairs) {
      for (const start of [0, 5, 8, 19]) {
        const server = streamOf(fair, start);
        const portable = createFloatStream(fair.serverSeed, fair.clientSeed, fair.nonce, start);
        const read = Array.from({ length: 20 }, () => server.next());
        expect(read).toEqual(Array.from({ length: 20 }, () => portable.next()));
        expect(server.position).toBe(start + 20);
        expect(new Set(read).size).toBe(20);
      }
    }
  });
});
