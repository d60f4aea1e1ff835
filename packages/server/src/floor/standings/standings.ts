/**
 * Leaderboards and player stats of one casino process: boards computed from the settled rounds of
 * the current UTC period on the read worker and reused for a short time (a busy lobby asks often),
 * and a player's own figures, read fresh. Usernames only, never wallets; a player who hides from the
 * floor shows as "Hidden" (on the boards computed after the change, so within the cache time).
 */
import {
  HIDDEN_PLAYER_NAME,
  LEADERBOARD_SIZE,
  type Leaderboard,
  type LeaderboardQuery,
  type PlayerProfile,
  periodBounds,
  unitsToCoins,
} from "@casino/protocol";
import { type ReadRunner, startReadRunner } from "../../db/read-worker.ts";
import type { CasinoServices } from "../../services.ts";
import { type FindHiddenPlayers, findHiddenOnFloor } from "./hidden.ts";
import { MULTIPLIER_SCALE, type RankedPlayer } from "./leaderboard-query.ts";
import { toPlayerProfile } from "./profile-figures.ts";
import { READ_JOBS_MODULE, readJobs, type StandingsReadJobs } from "./read-jobs.ts";
import { createTtlCache } from "./ttl-cache.ts";

/** How long a computed board is reused, ms. */
export const LEADERBOARD_CACHE_MS = 30_000;

/** The standings of one process. */
export interface Standings {
  /** The board of the current period for a validated query. */
  leaderboard(query: LeaderboardQuery): Promise<Leaderboard>;
  /** A player's own figures. */
  profile(userId: string): Promise<PlayerProfile>;
  /** Where the reads run: a worker thread on a SQLite file, inline (async pool) on PostgreSQL. */
  readonly where: "worker" | "inline";
  /** Ends the read worker (after the transports closed). */
  close(): Promise<void>;
}

/** How the standings run; every field has a default. */
export interface StandingsOptions {
  /** Reuse time of a board, ms (default LEADERBOARD_CACHE_MS). */
  cacheMs?: number;
  /** Who hides from the public floor (default: the live feed's privacy setting). */
  findHidden?: FindHiddenPlayers;
  /** Where the reads run (default: a read worker on the services' database). */
  reads?: ReadRunner<StandingsReadJobs>;
}

/** A ranked player's value on the wire: coins, or the multiplier as x. */
function wireValue(query: LeaderboardQuery, player: RankedPlayer): number {
  return query.metric === "multiplier" ? player.value / MULTIPLIER_SCALE : unitsToCoins(player.value);
}

/** Starts the standings on the services' database and clock. */
export function createStandings(services: CasinoServices, options: StandingsOptions = {}): Standings {
  const reads = options.reads ?? startReadRunner(services.handle, READ_JOBS_MODULE, readJobs);
  const findHidden = options.findHidden ?? findHiddenOnFloor(services.handle.db);
  const cache = createTtlCache<Leaderboard>(options.cacheMs ?? LEADERBOARD_CACHE_MS, services.now);

  const computeBoard = async (query: LeaderboardQuery, from: number, to: number): Promise<Leaderboard> => {
    const ranked = await reads.run("standings.leaderboard", {
      from,
      to,
      game: query.game,
      currency: query.currency,
      metric: query.metric,
      limit: LEADERBOARD_SIZE,
    });
    const hidden = await findHidden(ranked.map((player) => player.userId));
    return {
      ...query,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      generatedAt: new Date(services.now()).toISOString(),
      rows: ranked.map((player, index) => ({
        rank: index + 1,
        player: hidden.has(player.userId) ? HIDDEN_PLAYER_NAME : player.username,
        hidden: hidden.has(player.userId),
        value: wireValue(query, player),
        rounds: player.rounds,
      })),
    };
  };

  return {
    leaderboard(query) {
      const { from, to } = periodBounds(query.period, services.now());
      const key = `${query.period}:${query.game}:${query.metric}:${query.currency}:${from}`;
      return cache.get(key, () => computeBoard(query, from, to));
    },
    async profile(userId) {
      return toPlayerProfile(await reads.run("standings.profile", { userId }));
    },
    where: reads.where,
    close: () => reads.close(),
  };
}
