/**
 * Helpers for the games' tests over real HTTP: a player with a session, rounds arranged by choosing
 * the client seed (the test reads the active server seed from the database and searches client
 * seeds offline with the pure rules), and reads of history, nonce and security events.
 */
import { createFloatStream, type FloatStream } from "@casino/protocol";
import { beforeAll, expect } from "vitest";
import { getActiveSeed } from "../fairness/seeds.ts";
import { type ApiClient, connectDemoClient, type TestCasino, useCasino } from "../http/test-helpers.ts";

/**
 * A client-seed search predicate for a multi-step game: whether the round the rules start from the
 * stream reaches, after `steps`, a state the test `wants` (false when a step is refused).
 */
export function reachesState<S, A>(
  start: (stream: FloatStream) => S,
  apply: (state: S, step: A, stream: FloatStream) => { state: S } | { error: unknown },
  steps: A[],
  wants: (state: S) => boolean,
): (stream: FloatStream) => boolean {
  return (stream) => {
    let state = start(stream);
    for (const step of steps) {
      const next = apply(state, step, stream);
      if ("error" in next) return false;
      state = next.state;
    }
    return wants(state);
  };
}

/** A connected demo player. */
export interface TestPlayer {
  client: ApiClient;
  userId: string;
  address: string;
}

/** Connects a new demo player (1000 HC); with `nextRound`, its next round is arranged to satisfy it. */
export async function joinAsPlayer(
  casino: TestCasino,
  nextRound?: (stream: FloatStream) => boolean,
): Promise<TestPlayer> {
  const { client, user, address } = await connectDemoClient(casino.url);
  const player = { client, userId: user.id, address };
  if (nextRound) await arrangeNextRound(casino, player, nextRound);
  return player;
}

/** The suite's casino (see useCasino) and one demo player joined once it has started. */
export function useCasinoWithPlayer(start?: () => Promise<TestCasino>): {
  casino: TestCasino;
  player: TestPlayer;
} {
  const casino = useCasino(start);
  const player = {} as TestPlayer;
  beforeAll(async () => {
    Object.assign(player, await joinAsPlayer(casino));
  });
  return { casino, player };
}

/** The active seed's secret and the nonce the next round will use. */
export async function activeSeedOf(casino: TestCasino, player: TestPlayer) {
  const info = await player.client.get(`/api/game-seeds/current/${player.address}`);
  expect(info.status).toBe(200);
  const row = await getActiveSeed(casino.handle.db, player.userId);
  return { serverSeed: row.server_seed, nonce: Number(row.next_nonce) };
}

/**
 * Sets a client seed under which the next round (at the current nonce, or `nonceOffset` later)
 * satisfies `wants`; fails the test if none of the first candidates does.
 */
export function arrangeNextRound(
  casino: TestCasino,
  player: TestPlayer,
  wants: (stream: FloatStream) => boolean,
  nonceOffset = 0,
): Promise<string> {
  return arrangeRounds(casino, player, wants, nonceOffset, 1);
}

/**
 * Sets a client seed under which each of the `count` rounds from the current nonce (plus
 * `nonceOffset`) satisfies `wants`; fails the test if none of the first candidates does.
 */
export async function arrangeRounds(
  casino: TestCasino,
  player: TestPlayer,
  wants: (stream: FloatStream) => boolean,
  nonceOffset: number,
  count: number,
): Promise<string> {
  const { serverSeed, nonce } = await activeSeedOf(casino, player);
  const first = nonce + nonceOffset;
  const fits = (clientSeed: string) =>
    Array.from({ length: count }, (_, k) => first + k).every((n) =>
      wants(createFloatStream(serverSeed, clientSeed, n)),
    );
  for (let i = 0; i < 20_000; i++) {
    const clientSeed = `arranged-${i}`;
    if (!fits(clientSeed)) continue;
    const set = await player.client.post("/api/game-seeds/update-client-seed", { clientSeed });
    expect(set.status).toBe(200);
    return clientSeed;
  }
  throw new Error("no client seed gives the wanted rounds");
}

/** The player's history as the API lists it. */
export async function historyOf(player: TestPlayer, limit = 100) {
  const answer = await player.client.get(`/api/game-sessions/${player.address}?limit=${limit}`);
  expect(answer.status).toBe(200);
  return answer.body as {
    id: string;
    gameType: string;
    betAmount: number;
    winAmount: number;
    nonce: number;
  }[];
}

/** The next nonce the player's seed will use. */
export async function nextNonceOf(player: TestPlayer): Promise<number> {
  return (await player.client.get(`/api/game-seeds/current/${player.address}`)).body.nonce as number;
}

/** The player's HC balance in coins, as the user endpoint shows it. */
export async function houseCoinsOf(player: TestPlayer): Promise<number> {
  return Number((await player.client.get(`/api/users/${player.address}`)).body.houseBalance);
}
