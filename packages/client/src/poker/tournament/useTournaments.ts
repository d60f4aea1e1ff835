/** Live Sit & Go reads: the lobby list and one tournament, polled over REST while shown. */
import { tournamentViewSchema } from "@casino/protocol/schemas/tournament";
import { useQuery } from "@tanstack/react-query";
import { fetchApi } from "../../api/http.ts";
import { TOURNAMENTS_PATH, type Tournament, tournamentListSchema, tournamentPath } from "./tournamentApi.ts";

/** The lobby list is refreshed this often (registrations, starts, levels). */
export const TOURNAMENT_LIST_POLL_MS = 2500;
/** A tournament at its table is refreshed this often (level, players left, places). */
export const TOURNAMENT_POLL_MS = 2000;

/** Query keys of the Sit & Go reads, so register/unregister can refresh exactly them. */
export const tournamentKeys = {
  list: ["poker-tournaments"] as const,
  one: (id: string) => ["poker-tournaments", id] as const,
};

/** The tournament list, polled every 2.5 s while the Sit & Go tab is shown. */
export function useTournamentList() {
  return useQuery({
    queryKey: tournamentKeys.list,
    queryFn: async ({ signal }): Promise<Tournament[]> =>
      (await fetchApi(TOURNAMENTS_PATH, signal, {}, tournamentListSchema)).tournaments,
    refetchInterval: TOURNAMENT_LIST_POLL_MS,
    staleTime: 0,
  });
}

/** One tournament, polled every 2 s until it is over. */
export function useTournament(tournamentId: string) {
  return useQuery({
    queryKey: tournamentKeys.one(tournamentId),
    queryFn: ({ signal }): Promise<Tournament> =>
      fetchApi(tournamentPath(tournamentId), signal, {}, tournamentViewSchema),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "finished" || status === "cancelled" ? false : TOURNAMENT_POLL_MS;
    },
    staleTime: 0,
  });
}
