/** Identifiers shaped like Algorand's: 58-character addresses with a checksum, 52-character transaction ids. */
import { createHash, randomBytes } from "node:crypto";
import { base32nopad } from "@scure/base";
import { encodeAddress } from "algosdk";

/** RFC 4648 base32 without padding, as Algorand writes transaction ids. */
export function encodeBase32(bytes: Uint8Array): string {
  return base32nopad.encode(bytes);
}

/** A fresh transaction id for the simulated chain (52 base32 characters, like Algorand's). */
export function createTransactionId(): string {
  return encodeBase32(randomBytes(32));
}

/** A stable, valid Algorand address derived from a label (the simulated creator and custody accounts). */
export function addressFromLabel(label: string): string {
  return encodeAddress(new Uint8Array(createHash("sha256").update(label).digest()));
}
