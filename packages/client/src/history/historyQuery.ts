/**
 * The /history page's filters: kept in the page URL (so a filtered view survives a reload) and sent
 * to GET /api/game-sessions/{wallet} as its paged query (historyPageQuerySchema). Dates are the
 * player's local days: `from` is the start of the first day, `to` the start of the day after the last.
 */
import { CURRENCIES, type Currency, SINGLE_PLAYER_GAMES, type SinglePlayerGame } from "@casino/protocol";

/** What the filter bar holds; empty strings mean "any". */
export interface HistoryFilters {
  game: SinglePlayerGame | "";
  currency: Currency | "";
  from: string; // YYYY-MM-DD, local
  to: string; // YYYY-MM-DD, local, inclusive
  winsOnly: boolean;
}

/** No filter. */
export const NO_FILTERS: HistoryFilters = { game: "", currency: "", from: "", to: "", winsOnly: false };

/** Rounds per page of the table. */
export const HISTORY_PAGE_SIZE = 20;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of a page URL; anything unreadable is dropped. */
export function readHistoryFilters(params: URLSearchParams): HistoryFilters {
  const game = params.get("game") ?? "";
  const currency = params.get("currency") ?? "";
  const day = (key: string) => {
    const value = params.get(key) ?? "";
    return DAY_PATTERN.test(value) ? value : "";
  };
  return {
    game: (SINGLE_PLAYER_GAMES as readonly string[]).includes(game) ? (game as SinglePlayerGame) : "",
    currency: (CURRENCIES as readonly string[]).includes(currency) ? (currency as Currency) : "",
    from: day("from"),
    to: day("to"),
    winsOnly: params.get("wins") === "1",
  };
}

/** The page URL of a set of filters (only the keys in use). */
export function writeHistoryFilters(filters: HistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.game) params.set("game", filters.game);
  if (filters.currency) params.set("currency", filters.currency);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.winsOnly) params.set("wins", "1");
  return params;
}

/** Local midnight of a YYYY-MM-DD day, `addDays` later, as an ISO timestamp. */
function localMidnight(day: string, addDays = 0): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d + addDays).toISOString();
}

/** The API query of one page: filters, page size and the cursor of the previous page's last row. */
export function historyApiQuery(
  filters: HistoryFilters,
  before: string | null,
  pageSize = HISTORY_PAGE_SIZE,
) {
  const params = new URLSearchParams({ pageSize: String(pageSize) });
  if (before) params.set("before", before);
  if (filters.game) params.set("game", filters.game);
  if (filters.currency) params.set("currency", filters.currency);
  if (filters.from) params.set("from", localMidnight(filters.from));
  if (filters.to) params.set("to", localMidnight(filters.to, 1));
  if (filters.winsOnly) params.set("winsOnly", "true");
  return params;
}
