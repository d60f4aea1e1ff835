/**
 * What this process last knew of a player's active seed pair and next nonce, per database, for
 * players without responsible-gaming state: the next one-shot bet on PostgreSQL draws its outcome
 * from it before any statement and settles in one round trip (store/postgres/one-trip-bet.ts). The entry
 * is only a guess: that statement checks the seed, client seed and nonce it was drawn from and
 * fails whole when another bet, process or rotation moved them; the bet is then played again the
 * ordinary way. A player whose guess went stale (whose bets reach several processes, as REST calls
 * behind a load balancer do) is not guessed for a minute: a stale guess costs more round trips
 * than the ordinary bet.
 */
import type { QueryBuilder } from "../db/steps.ts";
import type { FairContext } from "./fair-context.ts";

/** Players remembered per database; the oldest is forgotten first. */
const MAX_PLAYERS = 50_000;

/** How long a player whose guess went stale is played the ordinary way. */
export const STALE_GUESS_PAUSE_MS = 60_000;

/** A remembered seed, a guess in flight, or a pause after a stale guess. */
type Entry = { seed: FairContext } | { inFlight: true } | { pausedUntil: number };

const byDatabase = new WeakMap<QueryBuilder, Map<string, Entry>>();

function playersOf(q: QueryBuilder): Map<string, Entry> {
  let players = byDatabase.get(q);
  if (!players) {
    players = new Map();
    byDatabase.set(q, players);
  }
  return players;
}

function put(players: Map<string, Entry>, userId: string, entry: Entry): void {
  players.delete(userId);
  players.set(userId, entry);
  if (players.size > MAX_PLAYERS) {
    const oldest = players.keys().next().value;
    if (oldest !== undefined) players.delete(oldest);
  }
}

/** Takes the player's remembered seed for a bet, which holds it while in flight. */
export function takeCachedSeed(q: QueryBuilder, userId: string): FairContext | undefined {
  const players = byDatabase.get(q);
  const entry = players?.get(userId);
  if (!players || !entry || !("seed" in entry)) return undefined;
  players.set(userId, { inFlight: true });
  return entry.seed;
}

/**
 * Remembers the seed a settled bet used, with the nonce after the one it reserved; after a guess
 * that did not settle (still in flight: it went stale, or another bet of the player is playing),
 * the player is paused instead.
 */
export function rememberSeed(q: QueryBuilder, userId: string, used: FairContext, now = Date.now()): void {
  const players = playersOf(q);
  const entry = players.get(userId);
  if (entry && "inFlight" in entry) {
    put(players, userId, { pausedUntil: now + STALE_GUESS_PAUSE_MS });
    return;
  }
  if (entry && "pausedUntil" in entry && entry.pausedUntil > now) return;
  rememberGuessedSeed(q, userId, used);
}

/** Remembers the seed a guessed bet settled on: the guess held. */
export function rememberGuessedSeed(q: QueryBuilder, userId: string, used: FairContext): void {
  put(playersOf(q), userId, { seed: { ...used, nonce: used.nonce + 1 } });
}

/** Ends a guess that was never sent (the bet is played the ordinary way for another reason). */
export function dropGuess(q: QueryBuilder, userId: string): void {
  const players = byDatabase.get(q);
  const entry = players?.get(userId);
  if (entry && "inFlight" in entry) players?.delete(userId);
}

/** Forgets the player's seed: a nonce was reserved or the pair changed by another path. */
export function forgetCachedSeed(q: QueryBuilder, userId: string): void {
  const players = byDatabase.get(q);
  const entry = players?.get(userId);
  if (entry && "seed" in entry) players?.delete(userId);
}
