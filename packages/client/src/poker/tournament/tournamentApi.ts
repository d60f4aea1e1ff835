/** The Sit & Go REST calls: the live list, one tournament, register and unregister (never throwing). */
import { type TournamentView, tournamentViewSchema } from "@casino/protocol/schemas/tournament";
import { z } from "zod";
import { type ApiResult, requestApi } from "../../api/http.ts";

/** One tournament as the server shows it (money as decimal strings in coins). */
export type Tournament = TournamentView;

/** GET /api/poker/tournaments answers `{ tournaments }`. */
export const tournamentListSchema = z.object({ tournaments: z.array(tournamentViewSchema) });

/** Path of the tournament list (open, running and the latest finished). */
export const TOURNAMENTS_PATH = "/api/poker/tournaments";

/** Path of one tournament. */
export function tournamentPath(tournamentId: string): string {
  return `${TOURNAMENTS_PATH}/${encodeURIComponent(tournamentId)}`;
}

/** Buys in (buy-in to the prize pool, fee to the house); the tournament after it, or the refusal. */
export function registerForTournament(tournamentId: string): Promise<ApiResult<Tournament>> {
  return requestApi("POST", `${tournamentPath(tournamentId)}/register`, { body: {} }, tournamentViewSchema);
}

/** Withdraws before the start; buy-in and fee come back exactly. */
export function unregisterFromTournament(tournamentId: string): Promise<ApiResult<Tournament>> {
  return requestApi("DELETE", `${tournamentPath(tournamentId)}/register`, {}, tournamentViewSchema);
}
