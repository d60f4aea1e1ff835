/**
 * Several statements in one PostgreSQL round trip: their Parse (first use on the connection only),
 * Bind, Describe and Execute messages in one socket write, closed by a single Sync. The server runs
 * them in order and skips the rest after an error, so `BEGIN; a; b` or `a; b; COMMIT` sent this way
 * behaves like the statements sent one by one, without waiting on the network (and on this
 * process's event loop) between them while the transaction holds its row locks.
 */
import { createRequire } from "node:module";
import pg from "pg";
import { noteStatementFailure, statementNameOn } from "./pg-named.ts";

/** pg's own conversion of a JavaScript value to a parameter (dates, buffers, JSON, booleans). */
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils") as {
  prepareValue: (value: unknown) => unknown;
};

/** A result in row-object mode, its values parsed by pg's type parsers (int8 as numbers, see connect.ts). */
function newResult(): pg.Result {
  return new pg.Result("object", pg.types);
}

/** One statement of a pipeline. */
export interface PipelineStatement {
  text: string;
  values: readonly unknown[];
}

/** What one statement answered. */
export interface StatementResult {
  command: string | null;
  rowCount: number | null;
  rows: Record<string, unknown>[];
}

/** The parts of pg's connection a pipeline writes to (pg's own Query uses the same). */
interface WireConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  parse(config: { text: string; name: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: readonly unknown[]; valueMapper: unknown }): void;
  describe(config: { type: "P"; name: string }): void;
  execute(config: { portal: string; rows: number }): void;
  sync(): void;
  on(event: "parseComplete", listener: () => void): void;
  off(event: "parseComplete", listener: () => void): void;
}

/** A row description or command message as pg's parser hands it over. */
type Message = { fields: unknown[] } & { text?: string };

/**
 * The statements as one submittable query: pg's client makes it the active query and hands it the
 * answers (row descriptions, rows, command tags, the error, ready-for-query) in order.
 */
class Pipeline {
  readonly #client: object;
  readonly #statements: PipelineStatement[];
  readonly #done: (error: Error | undefined, results: StatementResult[]) => void;
  readonly #results: StatementResult[] = [];
  #current: pg.Result | undefined;
  #connection: WireConnection | undefined;
  /** Per Parse message sent, in order: the name and text to record when its ParseComplete comes. */
  readonly #parsing: { name: string; text: string }[] = [];
  readonly #onParseComplete = () => {
    const parsed = this.#parsing.shift();
    if (parsed?.name && this.#connection) this.#connection.parsedStatements[parsed.name] = parsed.text;
  };

  constructor(
    client: object,
    statements: PipelineStatement[],
    done: (error: Error | undefined, results: StatementResult[]) => void,
  ) {
    this.#client = client;
    this.#statements = statements;
    this.#done = done;
  }

  submit(connection: WireConnection): null {
    this.#connection = connection;
    connection.on("parseComplete", this.#onParseComplete);
    const parsedHere = new Set<string>();
    connection.stream.cork?.();
    try {
      for (const { text, values } of this.#statements) {
        const name = statementNameOn(this.#client, text) ?? "";
        if (!name || (connection.parsedStatements[name] === undefined && !parsedHere.has(name))) {
          connection.parse({ text, name, types: [] });
          this.#parsing.push({ name, text });
          if (name) parsedHere.add(name);
        }
        connection.bind({ portal: "", statement: name, values, valueMapper: prepareValue });
        connection.describe({ type: "P", name: "" });
        connection.execute({ portal: "", rows: 0 });
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: Message): void {
    this.#current = newResult();
    (this.#current as unknown as { addFields(fields: unknown[]): void }).addFields(message.fields);
  }

  handleDataRow(message: Message): void {
    const result = this.#current as unknown as {
      parseRow(fields: unknown[]): Record<string, unknown>;
      rows: Record<string, unknown>[];
    };
    result.rows.push(result.parseRow(message.fields));
  }

  handleCommandComplete(message: Message): void {
    const result = this.#current ?? newResult();
    (result as unknown as { addCommandComplete(message: Message): void }).addCommandComplete(message);
    this.#results.push({ command: result.command, rowCount: result.rowCount, rows: result.rows });
    this.#current = undefined;
  }

  handleEmptyQuery(): void {
    this.#results.push({ command: null, rowCount: null, rows: [] });
  }

  handleError(error: Error): void {
    this.#connection?.off("parseComplete", this.#onParseComplete);
    noteStatementFailure(this.#client, error);
    this.#done(error, this.#results);
  }

  handleReadyForQuery(): void {
    this.#connection?.off("parseComplete", this.#onParseComplete);
    this.#done(undefined, this.#results);
  }

  handlePortalSuspended(): void {
    // Every Execute asks for all rows: a portal is never suspended.
  }

  handleCopyInResponse(): void {
    // No statement of a pipeline is a COPY.
  }

  handleCopyData(): void {
    // No statement of a pipeline is a COPY.
  }
}

/**
 * Sends statements in one round trip on a pooled client and resolves with each one's result; the
 * first error rejects (the statements after it did not run). Statements are named per connection
 * like every other query.
 */
export function sendPipeline(
  client: pg.PoolClient,
  statements: PipelineStatement[],
): Promise<StatementResult[]> {
  return new Promise((resolve, reject) => {
    const pipeline = new Pipeline(client, statements, (error, results) =>
      error ? reject(error) : resolve(results),
    );
    client.query(pipeline as unknown as pg.Submittable);
  });
}
