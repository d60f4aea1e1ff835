/** Identifiers shaped like Algorand's: 58-character addresses with a checksum, 52-character transaction ids. */
import { createHash, randomBytes } from "node:crypto";
import { encodeAddress } from "algosdk";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding, as Algorand writes transaction ids. */
export function encodeBase32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** A fresh transaction id for the simulated chain (52 base32 characters, like Algorand's). */
export function createTransactionId(): string {
  return encodeBase32(randomBytes(32));
}

/** A stable, valid Algorand address derived from a label (the simulated creator and custody accounts). */
export function addressFromLabel(label: string): string {
  return encodeAddress(new Uint8Array(createHash("sha256").update(label).digest()));
}
