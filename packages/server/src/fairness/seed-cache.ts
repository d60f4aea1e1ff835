/**
 * What this process last knew of a player's active seed pair and next nonce, per database, for
 * players without responsible-gaming state: the next one-shot bet on PostgreSQL draws its outcome
 * from it before any statement and settles in one round trip (rounds/one-trip-bet.ts). The entry
 * is only a guess: that statement checks the seed, client seed and nonce it was drawn from and
 * fails whole when another bet, process or rotation moved them; the bet is then played again the
 * ordinary way.
 */
import type { QueryBuilder } from "../db/steps.ts";
import type { FairContext } from "./seeds.ts";

/** Players remembered per database; the oldest is forgotten first. */
const MAX_PLAYERS = 50_000;

const byDatabase = new WeakMap<QueryBuilder, Map<string, FairContext>>();

/** Removes and returns the player's remembered seed: a bet holds it while it is in flight. */
export function takeCachedSeed(q: QueryBuilder, userId: string): FairContext | undefined {
  const players = byDatabase.get(q);
  const fair = players?.get(userId);
  if (fair) players?.delete(userId);
  return fair;
}

/** Remembers the seed a settled bet used, with the nonce after the one it reserved. */
export function rememberSeed(q: QueryBuilder, userId: string, used: FairContext): void {
  let players = byDatabase.get(q);
  if (!players) {
    players = new Map();
    byDatabase.set(q, players);
  }
  players.delete(userId);
  players.set(userId, { ...used, nonce: used.nonce + 1 });
  if (players.size > MAX_PLAYERS) {
    const oldest = players.keys().next().value;
    if (oldest !== undefined) players.delete(oldest);
  }
}

/** Forgets the player's seed: a nonce was reserved or the pair changed by another path. */
export function forgetCachedSeed(q: QueryBuilder, userId: string): void {
  byDatabase.get(q)?.delete(userId);
}
