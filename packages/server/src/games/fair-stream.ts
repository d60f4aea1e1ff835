/**
 * The provably-fair stream of a reserved round, resumed at the position a stored round reached.
 * The same floats as the protocol's createFloatStream (DESIGN.md section 4), with each HMAC block
 * computed by node:crypto, which costs a third of the portable implementation on every bet.
 */
import { createHmac } from "node:crypto";
import { bytesToFloat, type FloatStream } from "@casino/protocol";
import type { FairContext } from "../fairness/seeds.ts";

/** Floats per HMAC block: 32 bytes, 4 bytes per float. */
const FLOATS_PER_BLOCK = 8;

/** The round's floats from `position` on (0 for a new round). */
export function streamOf(fair: FairContext, position = 0): FloatStream {
  const prefix = `${fair.clientSeed}:${fair.nonce}`;
  let block: Uint8Array = new Uint8Array(0);
  let blockRound = -1;
  let read = 0;
  const stream: FloatStream = {
    next() {
      const round = Math.floor(read / FLOATS_PER_BLOCK);
      if (round !== blockRound) {
        block = createHmac("sha256", fair.serverSeed).update(`${prefix}:${round}`).digest();
        blockRound = round;
      }
      const f = bytesToFloat(block, (read % FLOATS_PER_BLOCK) * 4);
      read++;
      return f;
    },
    get position() {
      return read;
    },
  };
  for (let i = 0; i < position; i++) stream.next();
  return stream;
}
