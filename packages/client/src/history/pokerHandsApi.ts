/** GET /api/poker/hands: the signed-in player's latest poker hands, for the history page's Verify links. */
import { fetchApi } from "../api/http.ts";

/** One hand the player sat in, as the server lists it (stacks in chips). */
export interface PlayedHand {
  handId: number;
  tableId: string;
  tableName: string;
  /** The Sit & Go the hand was played in, null at a cash table. */
  tournamentId: string | null;
  handNumber: number;
  status: string;
  currency: string;
  seat: number;
  startStack: number;
  endStack: number | null;
  startedAt: string;
}

/** Path of the player's hand list (the newest 50). */
export const PLAYED_HANDS_PATH = "/api/poker/hands";

/** Fetches the player's latest hands, newest first. */
export function fetchPlayedHands(signal?: AbortSignal): Promise<PlayedHand[]> {
  return fetchApi<PlayedHand[]>(PLAYED_HANDS_PATH, signal);
}
