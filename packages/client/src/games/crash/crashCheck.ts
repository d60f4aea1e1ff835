/**
 * Checks a Supernova round in the browser with the protocol's code: its hash hashes forward, link
 * by link, to the terminal published before the first round (`round` links for round `round`),
 * and HMAC-SHA256(hash, salt) gives the crash point the casino showed.
 */
import { HEX_HASH, hashChainLink } from "@casino/protocol/games/crash/chain";
import { crashPointOf } from "@casino/protocol/games/crash/crash-point";

/** What the casino publishes for a finished round (GET /api/crash/rounds/{currency}/{number}). */
export interface PublishedCrashRound {
  number: number;
  status: string;
  hash: string;
  salt: string;
  terminal: string;
  crashPoint: number | null;
}

/** The verdict on a round. */
export interface CrashCheck {
  linked: boolean;
  computedPoint: number;
  pointMatches: boolean | null; // null for a voided round (no crash point was shown)
}

/** Hashes `hash` forward `links` times in slices, yielding to the page between them. */
export async function hashForwardInSlices(
  hash: string,
  links: number,
  onProgress?: (done: number) => void,
  slice = 2_000,
): Promise<string> {
  let h = hash;
  for (let done = 0; done < links; ) {
    const end = Math.min(links, done + slice);
    for (; done < end; done++) h = hashChainLink(h);
    onProgress?.(done);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return h;
}

/** Checks a published round: the chain link and the crash point. */
export async function checkCrashRound(
  round: PublishedCrashRound,
  onProgress?: (done: number) => void,
): Promise<CrashCheck> {
  const computedPoint = crashPointOf(round.hash, round.salt);
  const pointMatches = round.crashPoint === null ? null : computedPoint === round.crashPoint;
  if (!HEX_HASH.test(round.hash) || !HEX_HASH.test(round.terminal))
    return { linked: false, computedPoint, pointMatches };
  const end = await hashForwardInSlices(round.hash, round.number, onProgress);
  return { linked: end === round.terminal, computedPoint, pointMatches };
}
