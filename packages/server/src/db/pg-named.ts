/**
 * Named (server-side prepared) statements on PostgreSQL. Kysely sends every query as unnamed SQL
 * text, which the server parses and plans again at each call; the casino runs the same few dozen
 * statements all day, so each pooled connection prepares a statement once under a name derived from
 * its text and then only binds values (less PostgreSQL CPU and fewer protocol messages per call).
 * The pipelines of pg-pipeline.ts name their statements the same way, on the same connections.
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

/** The naming state of each pooled connection (keyed by its client). */
const namesByConnection = new WeakMap<object, ConnectionNames>();

function namesOf(client: object): ConnectionNames {
  let state = namesByConnection.get(client);
  if (!state) {
    state = { generation: 0, prepared: new Set() };
    namesByConnection.set(client, state);
  }
  return state;
}

/** The name a statement text runs under on this connection; undefined once the connection keeps no more. */
export function statementNameOn(client: object, text: string): string | undefined {
  const state = namesOf(client);
  const name = `${nameOf(text)}_${state.generation}`;
  if (!state.prepared.has(name)) {
    if (state.prepared.size >= MAX_NAMED_PER_CONNECTION) return undefined;
    state.prepared.add(name);
  }
  return name;
}

/** After a failed statement: the statements prepared before a schema change are all renamed. */
export function noteStatementFailure(client: object, error: unknown): void {
  if ((error as { code?: unknown } | null)?.code !== PLAN_CHANGED) return;
  const state = namesOf(client);
  state.generation++;
  state.prepared.clear();
}

/**
 * Makes a pooled client send parameterised text queries as named statements. Queries without
 * values (transaction control), query objects and callbacks pass through unchanged.
 */
export function nameStatementsOf(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]): unknown => {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== "string" || !Array.isArray(values) || values.length === 0)
      return query(...args);
    const name = statementNameOn(client, text);
    if (!name) return query(text, values);
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      // The statements prepared before a schema change answer this once each: rename them all.
      noteStatementFailure(client, error);
      throw error;
    });
  };
  (client as unknown as { query: typeof named }).query = named;
}

/** Names the statements of every connection the pool opens from now on. */
export function nameStatementsInPool(pool: pg.Pool): void {
  pool.on("connect", nameStatementsOf);
}
