/** Counting the round trips of PostgreSQL transactions in tests. */
import type pg from "pg";
import type { DatabaseHandle } from "./connect.ts";

/** Counts the message batches (round trips) the pool's connections send from now on. */
export function countRoundTrips(handle: DatabaseHandle): { readonly count: number } {
  const pool = handle.pool as pg.Pool;
  const counter = { count: 0 };
  const patched = new WeakSet<object>();
  pool.on("acquire", (client) => {
    if (patched.has(client)) return;
    patched.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: typeof query }).query = (...args: unknown[]) => {
      counter.count++;
      return query(...args);
    };
  });
  return counter;
}
