/**
 * The provably-fair stream of a reserved round, resumed at the position a stored round reached.
 * The same floats as the protocol's createFloatStream (DESIGN.md section 4), with each HMAC block
 * computed by node:crypto, which costs a third of the portable implementation on every bet.
 */
import { createHmac } from "node:crypto";
import { createKeyedStream, type FloatStream } from "@casino/protocol";
import type { FairContext } from "../fairness/seeds.ts";

/** One HMAC-SHA256 block of the stream through node:crypto. */
function nativeBlock(key: string, message: string): Uint8Array {
  return createHmac("sha256", key).update(message).digest();
}

/** The round's floats from `position` on (0 for a new round). */
export function streamOf(fair: FairContext, position = 0): FloatStream {
  return createKeyedStream(fair.serverSeed, `${fair.clientSeed}:${fair.nonce}`, position, nativeBlock);
}
