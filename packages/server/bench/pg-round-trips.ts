/**
 * PostgreSQL round trips of one casino process of `pnpm loadtest:scale`, counted where they leave
 * it: every query the pg client sends is one round trip (a pipelined transaction is one query
 * carrying several statements). Counted by what was sent: "pipelined transaction" or the first
 * words of a statement's SQL.
 */
import pg from "pg";

/** The label of a pipelined transaction (db/pg-pipeline.ts sends it as one query object). */
export const PIPELINED = "pipelined transaction";

/** How a statement is named in the counts: its first words, without quotes. */
function labelOf(query: unknown): string {
  const text = typeof query === "string" ? query : (query as { text?: unknown } | null)?.text;
  if (typeof text !== "string") return PIPELINED;
  return text.replaceAll('"', "").replace(/\s+/g, " ").slice(0, 48);
}

/** Starts counting this process's round trips; `take` answers the counts since the last take. */
export function countPostgresRoundTrips(): { take(): Record<string, number> } {
  let counts = new Map<string, number>();
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const label = labelOf(args[0]);
    counts.set(label, (counts.get(label) ?? 0) + 1);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return {
    take() {
      const taken = Object.fromEntries(counts);
      counts = new Map();
      return taken;
    },
  };
}
