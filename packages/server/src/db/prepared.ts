/**
 * Queries built and compiled by Kysely once per dialect, then run many times with new values:
 * compiling a query costs more than running it on SQLite, and every bet runs the same few.
 */
import type { Compilable, CompiledQuery, DialectAdapter } from "kysely";
import type { QueryBuilder } from "./steps.ts";

/** Marks a parameter slot while the template is compiled; never reaches the database. */
const SLOT_PREFIX = "\u0001casino-slot:";

/** A compiled template: its SQL and, per parameter, either a named slot or a constant. */
interface Template {
  compiled: CompiledQuery;
  slots: (string | undefined)[];
}

/** A query with named parameters; call it with a builder (for its dialect) and the values. */
export type PreparedQuery<P, R> = (q: QueryBuilder, values: P) => Compilable<R>;

/** Compiles `build` with placeholder values and records which parameter is which slot. */
function compileTemplate<P>(
  q: QueryBuilder,
  build: (q: QueryBuilder, p: P) => Compilable<unknown>,
): Template {
  const placeholders = new Proxy({} as Record<string, string>, {
    get: (_target, key) => `${SLOT_PREFIX}${String(key)}`,
    ownKeys: () => {
      throw new Error(
        "prepared query: placeholders have no keys; name each column (no spreading or .values(p))",
      );
    },
  }) as unknown as P;
  const compiled = build(q, placeholders).compile();
  if (compiled.sql.includes(SLOT_PREFIX))
    throw new Error("prepared query: a slot was inlined into the SQL text");
  const slots = compiled.parameters.map((value) =>
    typeof value === "string" && value.startsWith(SLOT_PREFIX) ? value.slice(SLOT_PREFIX.length) : undefined,
  );
  return { compiled, slots };
}

/**
 * Declares a query whose values are filled in at each call. Values must keep the query's shape
 * (no `undefined` that would drop a column; use null); list lengths belong in the builder.
 */
export function prepareQuery<P extends object, R>(
  build: (q: QueryBuilder, p: P) => Compilable<R>,
): PreparedQuery<P, R> {
  const templates = new WeakMap<DialectAdapter, Template>();
  return (q, values) => {
    const adapter = q.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      template = compileTemplate(q, build);
      templates.set(adapter, template);
    }
    const { compiled, slots } = template;
    const parameters = compiled.parameters.map((constant, i) => {
      const slot = slots[i];
      return slot === undefined ? constant : (values as Record<string, unknown>)[slot];
    });
    const filled = { ...compiled, parameters } as CompiledQuery<R>;
    return { compile: () => filled };
  };
}

/**
 * Prepared queries whose SQL depends on counts (how many credits, how many entries a statement
 * writes): one prepared query per combination of counts, made on first use.
 */
export function prepareByShape<Counts extends number[], P extends object, R>(
  build: (...counts: Counts) => (q: QueryBuilder, p: P) => Compilable<R>,
): (...counts: Counts) => PreparedQuery<P, R> {
  const byShape = new Map<string, PreparedQuery<P, R>>();
  return (...counts) => {
    const shape = counts.join(":");
    let prepared = byShape.get(shape);
    if (!prepared) {
      prepared = prepareQuery(build(...counts));
      byShape.set(shape, prepared);
    }
    return prepared;
  };
}
