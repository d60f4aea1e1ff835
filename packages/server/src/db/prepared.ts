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

/** A template filled with one call's values: its own compiled query (one object per statement run). */
class FilledQuery<R> implements Compilable<R>, CompiledQuery<R> {
  readonly query: CompiledQuery["query"];
  readonly queryId: CompiledQuery["queryId"];
  readonly sql: string;
  readonly parameters: readonly unknown[];

  constructor(template: CompiledQuery, parameters: unknown[]) {
    this.query = template.query;
    this.queryId = template.queryId;
    this.sql = template.sql;
    this.parameters = parameters;
  }

  compile(): CompiledQuery<R> {
    return this;
  }
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
    const constants = compiled.parameters;
    const parameters = new Array<unknown>(constants.length);
    for (let i = 0; i < constants.length; i++) {
      const slot = slots[i];
      parameters[i] = slot === undefined ? constants[i] : (values as Record<string, unknown>)[slot];
    }
    return new FilledQuery<R>(compiled, parameters);
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
