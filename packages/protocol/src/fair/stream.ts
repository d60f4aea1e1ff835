/**
 * The provably-fair byte stream of DESIGN.md section 4, pure and synchronous so the same code runs
 * on the server and in the browser: HMAC_SHA256(key = serverSeed, "clientSeed:nonce:round").
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/** SHA-256 of a text (as UTF-8), in lowercase hex: the published commitment of a server seed. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The hash a player sees before the server seed is revealed. */
export function hashServerSeed(serverSeed: string): string {
  return sha256Hex(serverSeed);
}

/** The 32 bytes of one HMAC round of the stream. */
export function streamBlock(key: string, message: string): Uint8Array {
  return hmac(sha256, utf8ToBytes(key), utf8ToBytes(message));
}

/** Four bytes to a float in [0, 1): b0/256 + b1/256^2 + b2/256^3 + b3/256^4. */
export function bytesToFloat(bytes: Uint8Array, offset: number): number {
  let f = 0;
  let scale = 1;
  for (let i = 0; i < 4; i++) {
    scale /= 256;
    f += (bytes[offset + i] ?? 0) * scale;
  }
  return f;
}

/** A reader of successive floats; multi-step games keep one and read on as they go. */
export interface FloatStream {
  /** The next float in [0, 1). */
  next(): number;
  /** How many floats have been read so far (stored with a round to re-verify it). */
  readonly position: number;
}

/**
 * Floats from HMAC(key, `${prefix}:${round}`), round 0, 1, 2, ..., 8 floats per round; `block`
 * computes one round's HMAC (a faster native one may stand in for streamBlock, same bytes).
 */
export function createKeyedStream(
  key: string,
  prefix: string,
  startAt = 0,
  block: (key: string, message: string) => Uint8Array = streamBlock,
): FloatStream {
  let bytes: Uint8Array = new Uint8Array(0);
  let blockRound = -1;
  let position = 0;
  const stream: FloatStream = {
    next() {
      const round = Math.floor(position / 8);
      if (round !== blockRound) {
        bytes = block(key, `${prefix}:${round}`);
        blockRound = round;
      }
      const f = bytesToFloat(bytes, (position % 8) * 4);
      position++;
      return f;
    },
    get position() {
      return position;
    },
  };
  for (let i = 0; i < startAt; i++) stream.next();
  return stream;
}

/** The stream of one casino round: key = server seed, message = "clientSeed:nonce:round". */
export function createFloatStream(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  startAt = 0,
): FloatStream {
  return createKeyedStream(serverSeed, `${clientSeed}:${nonce}`, startAt);
}

/** The first `count` floats of a round, for one-shot games and verification. */
export function roundFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const stream = createFloatStream(serverSeed, clientSeed, nonce);
  return Array.from({ length: count }, () => stream.next());
}

/** A fresh 64-hex-character secret from the platform's CSPRNG (Web Crypto, in Node and browsers). */
export function randomSeedHex(bytes = 32): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return bytesToHex(buffer);
}
