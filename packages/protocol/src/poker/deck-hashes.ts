/**
 * The hash functions a hand's deck is shuffled and committed with (docs/FAIRNESS.md): SHA-256 and
 * HMAC-SHA256, in lowercase hex as the commitment publishes them. The portable ones
 * (@noble/hashes) run in browsers and on the server alike; a server may pass native ones instead
 * (they must give the same hex), since it builds a commitment of about 200 hashes at every deal.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/** SHA-256 and HMAC-SHA256, hex out. */
export interface DeckHashes {
  /** SHA-256 of bytes (the caller may reuse the array once this returns). */
  sha256Hex(data: Uint8Array): string;
  /** HMAC-SHA256 of UTF-8 texts under one UTF-8 key, the key prepared once for the hand's many messages. */
  hmacSha256HexWith(key: string): (message: string) => string;
}

/** The hashes of @noble/hashes: the same code in the browser's verifier and on the server. */
export const PORTABLE_DECK_HASHES: DeckHashes = {
  sha256Hex: (data) => bytesToHex(sha256(data)),
  hmacSha256HexWith(key) {
    const keyed = hmac.create(sha256, utf8ToBytes(key));
    return (message) => bytesToHex(keyed.clone().update(utf8ToBytes(message)).digest());
  },
};

function nibble(code: number): number {
  // "0".."9" are 48..57; "a".."f" are 97..102 (upper case folded to lower).
  return code < 58 ? code - 48 : (code | 32) - 87;
}

/** Writes checked hex (an even number of hex digits) into `target` from `offset`, without allocating. */
export function writeHex(target: Uint8Array, offset: number, hex: string): void {
  for (let i = 0; i < hex.length; i += 2)
    target[offset + (i >> 1)] = (nibble(hex.charCodeAt(i)) << 4) | nibble(hex.charCodeAt(i + 1));
}
