/** Reads of the leaderboards and the player's own stats, each answer checked against its protocol schema. */
import {
  type Leaderboard,
  type LeaderboardQuery,
  leaderboardSchema,
  type PlayerProfile,
  playerProfileSchema,
} from "@casino/protocol";
import { fetchApi } from "../../api/http.ts";

/** The path of one board. */
export function leaderboardPath(query: LeaderboardQuery): string {
  return `/api/leaderboards?${new URLSearchParams(query).toString()}`;
}

/** Fetches one board of the current period. */
export function fetchLeaderboard(query: LeaderboardQuery, signal?: AbortSignal): Promise<Leaderboard> {
  return fetchApi(leaderboardPath(query), signal, {}, leaderboardSchema);
}

/** Fetches the session's own figures. */
export function fetchProfile(signal?: AbortSignal): Promise<PlayerProfile> {
  return fetchApi("/api/profile", signal, {}, playerProfileSchema);
}
