/** Pages of GET /api/game-sessions/{wallet} for the /history page and its CSV export. */
import { HISTORY_MAX_PAGE_SIZE } from "@casino/protocol";
import { gameSessionsPath } from "../api/fairApi.ts";
import { fetchApi } from "../api/http.ts";
import type { GameSessionRecord } from "../api/types.ts";
import { type HistoryFilters, historyApiQuery } from "./historyQuery.ts";

/** One page as the server answers it. */
export interface HistoryPage {
  rounds: GameSessionRecord[];
  nextCursor: string | null;
}

/** Most rounds one CSV export collects (page by page, 100 at a time). */
export const CSV_EXPORT_MAX_ROUNDS = 10_000;

/** Fetches one page of the wallet's rounds. */
export function fetchHistoryPage(
  wallet: string,
  filters: HistoryFilters,
  before: string | null,
  signal?: AbortSignal,
  pageSize?: number,
): Promise<HistoryPage> {
  const query = historyApiQuery(filters, before, pageSize);
  return fetchApi<HistoryPage>(`${gameSessionsPath(wallet)}?${query.toString()}`, signal);
}

/** Every round matching the filters, newest first, up to CSV_EXPORT_MAX_ROUNDS. */
export async function fetchAllRounds(wallet: string, filters: HistoryFilters): Promise<GameSessionRecord[]> {
  const rounds: GameSessionRecord[] = [];
  let cursor: string | null = null;
  do {
    const page: HistoryPage = await fetchHistoryPage(
      wallet,
      filters,
      cursor,
      undefined,
      HISTORY_MAX_PAGE_SIZE,
    );
    rounds.push(...page.rounds);
    cursor = page.nextCursor;
  } while (cursor !== null && rounds.length < CSV_EXPORT_MAX_ROUNDS);
  return rounds.slice(0, CSV_EXPORT_MAX_ROUNDS);
}
