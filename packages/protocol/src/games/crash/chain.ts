/**
 * Supernova's public hash chain, used in reverse: the casino draws a secret last hash, hashes it
 * forward `length` times and publishes the final hash (the terminal). Round 1 uses the hash whose
 * SHA-256 is the terminal, round 2 the hash whose SHA-256 is round 1's, and so on, so every
 * revealed hash links back to the commitment. Each link is SHA-256 of the previous hash's
 * lowercase hex text (as ASCII), as bustabit does.
 */
import { sha256Hex } from "../../fair/stream.ts";

/** Hashes in a production chain: one per round, 10^6 rounds. */
export const CRASH_CHAIN_LENGTH = 1_000_000;

/** Distance between stored checkpoints: any round's hash is at most this many SHA-256 steps away. */
export const CRASH_CHECKPOINT_EVERY = 1_000;

/** A 64-character lowercase hex SHA-256 value. */
export const HEX_HASH = /^[0-9a-f]{64}$/;

/** One link of the chain: the hash that a round's hash commits to. */
export function hashChainLink(hash: string): string {
  return sha256Hex(hash);
}

/** Applies `steps` links to a hash (0 steps returns it unchanged). */
export function hashForward(hash: string, steps: number): string {
  let h = hash;
  for (let i = 0; i < steps; i++) h = sha256Hex(h);
  return h;
}

/**
 * The chain index of round `round` (1-based) in a chain of `length` hashes: index 0 is the
 * terminal, index `length` the secret last hash; round r uses index r.
 */
export function checkpointFor(round: number, every = CRASH_CHECKPOINT_EVERY): number {
  if (!Number.isSafeInteger(round) || round < 0) throw new Error(`crash chain: bad round ${round}`);
  return Math.ceil(round / every) * every;
}

/**
 * A round's hash from the checkpoint at or above it (`checkpointFor(round)`): hashing the
 * checkpoint forward walks down the indexes to the round.
 */
export function roundHashFromCheckpoint(
  checkpointHash: string,
  checkpointIndex: number,
  round: number,
): string {
  if (round > checkpointIndex) throw new Error("crash chain: the checkpoint lies below the round");
  return hashForward(checkpointHash, checkpointIndex - round);
}

/** The answer of a chain check: how many links from a hash reach the terminal, or why not. */
export type ChainCheck = { ok: true; links: number } | { ok: false; reason: string };

/**
 * Checks that a revealed round hash belongs to the chain: hashing it forward `round` times must
 * give the published terminal (a round's hash is `round` links above the terminal).
 */
export function verifyChainLink(roundHash: string, round: number, terminal: string): ChainCheck {
  if (!HEX_HASH.test(roundHash)) return { ok: false, reason: "the round hash is not 64 hex characters" };
  if (!HEX_HASH.test(terminal)) return { ok: false, reason: "the terminal hash is not 64 hex characters" };
  if (!Number.isSafeInteger(round) || round < 1 || round > CRASH_CHAIN_LENGTH)
    return { ok: false, reason: `the round number must be 1 to ${CRASH_CHAIN_LENGTH}` };
  return hashForward(roundHash, round) === terminal
    ? { ok: true, links: round }
    : { ok: false, reason: `the round hash does not hash to the terminal in ${round} links` };
}

/**
 * Builds a chain's checkpoints from its secret last hash, a slice at a time so a caller can yield
 * to the event loop between slices: yields after each `slice` hashes, returns the checkpoints
 * (index -> hash, for every multiple of `every` from `length` down to 0; index 0 is the terminal).
 * `hash` may be a faster SHA-256 of the same text (the server's native one).
 */
export function* buildChainCheckpoints(
  lastHash: string,
  length = CRASH_CHAIN_LENGTH,
  every = CRASH_CHECKPOINT_EVERY,
  slice = 10_000,
  hash: (text: string) => string = sha256Hex,
): Generator<number, Map<number, string>> {
  if (length % every !== 0)
    throw new Error("crash chain: the length must be a multiple of the checkpoint step");
  const checkpoints = new Map<number, string>([[length, lastHash]]);
  let h = lastHash;
  for (let index = length - 1; index >= 0; index--) {
    h = hash(h);
    if (index % every === 0) checkpoints.set(index, h);
    if (index % slice === 0 && index > 0) yield length - index;
  }
  return checkpoints;
}
