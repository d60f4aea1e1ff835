/**
 * The deck hashes (protocol's DeckHashes) on Node's native one-shot SHA-256: the same hex as the
 * portable ones, for the deck a table shuffles and commits to at every deal. HMAC is built from two
 * hashes (RFC 2104) with the key's pads prepared once per hand seed and the inputs written into
 * reused buffers (small allocations cost more than the hashes here).
 */
import { hash } from "node:crypto";
import type { DeckHashes } from "@casino/protocol/poker/deck-hashes";

/** SHA-256's block size in bytes: the HMAC key is padded (or first hashed) to it. */
const BLOCK = 64;

/** HMAC-SHA256 under `key`: H((K ^ opad) || H((K ^ ipad) || message)), in hex. */
function hmacSha256HexWith(key: string): (message: string) => string {
  let keyBytes = Buffer.from(key, "utf8");
  if (keyBytes.length > BLOCK) keyBytes = hash("sha256", keyBytes, "buffer");
  let inner = Buffer.alloc(BLOCK * 2);
  const outer = Buffer.alloc(BLOCK + 32);
  keyBytes.copy(inner);
  keyBytes.copy(outer);
  for (let i = 0; i < BLOCK; i++) {
    inner[i]! ^= 0x36;
    outer[i]! ^= 0x5c;
  }
  return (message) => {
    const length = Buffer.byteLength(message);
    if (inner.length < BLOCK + length) {
      const longer = Buffer.alloc(BLOCK + length);
      inner.copy(longer, 0, 0, BLOCK);
      inner = longer;
    }
    inner.write(message, BLOCK, "utf8");
    outer.write(hash("sha256", inner.subarray(0, BLOCK + length), "hex"), BLOCK, "hex");
    return hash("sha256", outer, "hex");
  };
}

/** Native SHA-256 and HMAC-SHA256 for the deck commitment. */
export const NATIVE_DECK_HASHES: DeckHashes = {
  sha256Hex: (data) => hash("sha256", data, "hex"),
  hmacSha256HexWith,
};
