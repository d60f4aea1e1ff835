/** The provably-fair stream of a reserved round, resumed at the position a stored round reached. */
import { createFloatStream, type FloatStream } from "@casino/protocol";
import type { FairContext } from "../fairness/seeds.ts";

/** The round's floats from `position` on (0 for a new round). */
export function streamOf(fair: FairContext, position = 0): FloatStream {
  return createFloatStream(fair.serverSeed, fair.clientSeed, fair.nonce, position);
}
