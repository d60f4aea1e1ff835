/**
 * The paged query of GET /api/game-sessions/{wallet} (docs/API.md): `pageSize` switches to pages of
 * `{ rounds, nextCursor }`; `before` is the cursor of the last row seen; game, currency, a date
 * range (`from` inclusive, `to` exclusive) and `winsOnly` filter. Without `pageSize` or a filter
 * the route keeps its original answer (an array of the latest `limit` rounds).
 */
import { z } from "zod";
import { SINGLE_PLAYER_GAMES } from "../games/game-types.ts";
import { CURRENCIES } from "../money/money.ts";

/** Most rounds one page may hold. */
export const HISTORY_MAX_PAGE_SIZE = 100;

/** Rounds per page when a filter is given without a page size. */
export const HISTORY_DEFAULT_PAGE_SIZE = 25;

/** The query keys that ask for the paged answer. */
export const HISTORY_PAGE_KEYS = [
  "pageSize",
  "before",
  "game",
  "currency",
  "from",
  "to",
  "winsOnly",
] as const;

/** A position in the history: the last row's time and id (rows are ordered by both, newest first). */
export interface HistoryCursor {
  createdAt: number;
  id: string;
}

/** The cursor of a row, as the `before` parameter carries it: "<epoch ms>_<round id>". */
export function encodeHistoryCursor(cursor: HistoryCursor): string {
  return `${cursor.createdAt}_${cursor.id}`;
}

const cursorSchema = z
  .string()
  .regex(/^\d{1,15}_[A-Za-z0-9-]{1,64}$/, "before must be a cursor from a previous page")
  .transform((text): HistoryCursor => {
    const at = text.indexOf("_");
    return { createdAt: Number(text.slice(0, at)), id: text.slice(at + 1) };
  });

/** A day (YYYY-MM-DD, UTC midnight) or an ISO timestamp with offset, as epoch milliseconds. */
const instantSchema = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .transform((text) => Date.parse(text));

/** The paged query, every key checked; unknown keys (and `limit` beside `pageSize`) are refused. */
export const historyPageQuerySchema = z
  .strictObject({
    pageSize: z.coerce
      .number()
      .int("pageSize must be a whole number")
      .min(1)
      .max(HISTORY_MAX_PAGE_SIZE)
      .default(HISTORY_DEFAULT_PAGE_SIZE),
    before: cursorSchema.optional(),
    game: z.enum(SINGLE_PLAYER_GAMES).optional(),
    currency: z.enum(CURRENCIES).optional(),
    from: instantSchema.optional(),
    to: instantSchema.optional(),
    winsOnly: z
      .enum(["true", "false", "1", "0"])
      .transform((flag) => flag === "true" || flag === "1")
      .optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from < q.to, {
    message: "from must be before to",
    path: ["from"],
  });
export type HistoryPageQuery = z.output<typeof historyPageQuerySchema>;

/** Whether a query string asks for the paged answer (any paging or filter key present). */
export function isHistoryPageQuery(query: Record<string, unknown>): boolean {
  return HISTORY_PAGE_KEYS.some((key) => key in query);
}
