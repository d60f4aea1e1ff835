/** The seed pair and nonce a round draws from, shared by the seeds and the cache of them. */

/** What a round's randomness is derived from; stored with the round so it can be re-verified. */
export interface FairContext {
  seedId: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}
