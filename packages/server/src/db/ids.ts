/** Row ids for append-heavy tables (rounds, ledger transactions, seeds). */
import { randomFillSync } from "node:crypto";

let lastMs = 0;
let sequence = 0;

/** Random bytes drawn in bulk: one system call per 256 ids instead of one each. */
const pool = Buffer.alloc(16 * 256);
let poolOffset = pool.length;

/** 16 fresh random bytes (a copy: the pool is reused). */
function takeRandomBytes(): Buffer {
  if (poolOffset >= pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + 16));
  poolOffset += 16;
  return bytes;
}

/**
 * A UUIDv7 (RFC 9562): 48-bit millisecond time, then a 12-bit counter within the millisecond and
 * 62 random bits. Ids made later sort later, so inserts append to the end of primary-key indexes
 * instead of dirtying a random page each (fewer pages per commit and per checkpoint).
 */
export function createTimeOrderedId(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    lastMs++;
    sequence = 0;
  }
  const bytes = takeRandomBytes();
  const ms = lastMs;
  bytes[0] = Math.floor(ms / 2 ** 40) & 0xff;
  bytes[1] = Math.floor(ms / 2 ** 32) & 0xff;
  bytes[2] = (ms >>> 24) & 0xff;
  bytes[3] = (ms >>> 16) & 0xff;
  bytes[4] = (ms >>> 8) & 0xff;
  bytes[5] = ms & 0xff;
  bytes[6] = 0x70 | ((sequence >>> 8) & 0x0f);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
