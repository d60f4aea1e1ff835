/**
 * The players list every watcher of a Supernova round shares is bounded: the CRASH_LISTED_PLAYS
 * largest stakes (ties by bet id), so a frame never grows with the number of players. The server
 * keeps this list and sends its changes; a client merges them and ranks the same way, so both
 * hold the same list. Everyone gets the round's totals; each player learns their own play apart.
 */

/** What the list ranks a play by. */
interface Ranked {
  betId: string;
  stake: number;
}

/** How many plays the shared players list holds. */
export const CRASH_LISTED_PLAYS = 50;

/** The list's order: the larger stake first, then the smaller bet id. */
export function compareListedPlays(a: Ranked, b: Ranked): number {
  return b.stake - a.stake || (a.betId < b.betId ? -1 : a.betId > b.betId ? 1 : 0);
}

/** The plays the list holds of `plays` (one per bet id, the later one winning), in the list's order. */
export function listedPlays<P extends Ranked>(plays: Iterable<P>): P[] {
  const byId = new Map<string, P>();
  for (const play of plays) byId.set(play.betId, play);
  return [...byId.values()].sort(compareListedPlays).slice(0, CRASH_LISTED_PLAYS);
}
