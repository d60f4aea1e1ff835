/**
 * Supernova's crash point, bustabit's formula with a 1% house edge: the first 52 bits of
 * HMAC_SHA256(key = round hash, message = salt) as r, crash = floor(99 * 2^52 / (2^52 - r))
 * hundredths, at least 1.00x. So P(crash >= m) = 0.99 / m for every m >= 1.01x, and a cash-out
 * at any target returns 99% on average. Exact integer arithmetic (BigInt): no float decides it.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/** The declared house edge of Supernova. */
export const CRASH_HOUSE_EDGE = 0.01;

/** The lowest crash point, in hundredths: 1.00x, the instant crash where nobody wins. */
export const CRASH_MIN_POINT = 100;

const TWO_POW_52 = 2n ** 52n;

/** The HMAC of a round in hex: HMAC_SHA256(key = round hash as ASCII, message = salt as ASCII). */
export function crashHmacHex(roundHash: string, salt: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(roundHash), utf8ToBytes(salt)));
}

/** The crash point of a round, in hundredths of a multiplier (250 = 2.50x). */
export function crashPointOf(roundHash: string, salt: string): number {
  const r = BigInt(`0x${crashHmacHex(roundHash, salt).slice(0, 13)}`);
  const point = Number((99n * TWO_POW_52) / (TWO_POW_52 - r));
  return Math.max(CRASH_MIN_POINT, point);
}

/** A multiplier in hundredths as the text players read ("2.50x"). */
export function formatCrashMultiplier(hundredths: number): string {
  return `${(hundredths / 100).toFixed(2)}x`;
}
