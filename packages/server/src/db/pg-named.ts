/**
 * Named (server-side prepared) statements on PostgreSQL. Kysely sends every query as unnamed SQL
 * text, which the server parses and plans again at each call; the casino runs the same few dozen
 * statements all day, so each pooled connection prepares a statement once under a name derived from
 * its text and then only binds values (less PostgreSQL CPU and fewer protocol messages per call).
 */
import { createHash } from "node:crypto";
import type pg from "pg";

/** Most statements one connection keeps prepared; the rest run unnamed (one-off reports, odd shapes). */
export const MAX_NAMED_PER_CONNECTION = 256;

/** Most SQL texts whose names are remembered (hashing the same text again is avoided). */
const MAX_REMEMBERED_NAMES = 4096;

/** "cached plan must not change result type": a table under a prepared statement changed shape. */
const PLAN_CHANGED = "0A000";

/** Statement names by SQL text, shared by every connection. */
const namesByText = new Map<string, string>();

/** A short name that only this SQL text gets (160-bit hash, 20 hex digits kept). */
function nameOf(text: string): string {
  let name = namesByText.get(text);
  if (!name) {
    name = `c${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    if (namesByText.size >= MAX_REMEMBERED_NAMES) namesByText.clear();
    namesByText.set(text, name);
  }
  return name;
}

/** What one connection has prepared; a new generation renames everything after a plan change. */
interface ConnectionNames {
  generation: number;
  prepared: Set<string>;
}

/** The query config of a parameterised text query, named unless the connection is full. */
function namedConfig(state: ConnectionNames, text: string, values: unknown[]): pg.QueryConfig | undefined {
  const name = `${nameOf(text)}_${state.generation}`;
  if (!state.prepared.has(name)) {
    if (state.prepared.size >= MAX_NAMED_PER_CONNECTION) return undefined;
    state.prepared.add(name);
  }
  return { name, text, values };
}

/**
 * Makes a pooled client send parameterised text queries as named statements. Queries without
 * values (transaction control), query objects and callbacks pass through unchanged.
 */
export function nameStatementsOf(client: pg.PoolClient): void {
  const state: ConnectionNames = { generation: 0, prepared: new Set() };
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]): unknown => {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== "string" || !Array.isArray(values) || values.length === 0)
      return query(...args);
    const config = namedConfig(state, text, values);
    if (!config) return query(text, values);
    return (query(config) as Promise<unknown>).catch((error: unknown) => {
      // The statements prepared before a schema change answer this once each: rename them all.
      if ((error as { code?: unknown }).code === PLAN_CHANGED) {
        state.generation++;
        state.prepared.clear();
      }
      throw error;
    });
  };
  (client as unknown as { query: typeof named }).query = named;
}

/** Names the statements of every connection the pool opens from now on. */
export function nameStatementsInPool(pool: pg.Pool): void {
  pool.on("connect", nameStatementsOf);
}
