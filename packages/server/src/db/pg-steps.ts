/**
 * Step bodies on PostgreSQL in the fewest round trips. Every round trip inside an open transaction
 * waits on the network and on this process's event loop while the transaction holds its row
 * locks, so the driver sends BEGIN with the body's first statement, the writes the body does not
 * read (runWriteUnread) with the statement after them, and COMMIT with the body's last statement
 * (fetchAllAndCommit) or with the writes still unsent. A one-shot bet is then two round trips.
 * Same rules as every transaction: READ COMMITTED, a `{ ok: false }` value rolls back, retried on
 * serialization failures and deadlocks (so the body may run more than once).
 */
import type { CompiledQuery, QueryResult } from "kysely";
import type pg from "pg";
import { type PipelineStatement, type StatementResult, sendPipeline } from "./pg-pipeline.ts";
import { commitsWith, isUnreadWrite, type QueryBuilder, type Steps } from "./steps.ts";
import { backOff, isRetryable, MAX_TRANSACTION_ATTEMPTS } from "./transaction-retry.ts";

const BEGIN: PipelineStatement = { text: "begin isolation level read committed", values: [] };
const COMMIT: PipelineStatement = { text: "commit", values: [] };

/** What an unread write answers the body (it does not look). */
const UNREAD_RESULT: QueryResult<unknown> = { rows: [] };

/** PostgreSQL answered COMMIT with ROLLBACK: the transaction had failed and nothing was committed. */
export class TransactionRolledBack extends Error {
  constructor() {
    super("PostgreSQL rolled the transaction back at commit");
  }
}

/** A statement's result as Kysely shapes it (affected rows of writes as numAffectedRows). */
function toQueryResult(result: StatementResult): QueryResult<unknown> {
  const { command, rowCount, rows } = result;
  const writes = command === "INSERT" || command === "UPDATE" || command === "DELETE" || command === "MERGE";
  return writes ? { rows, numAffectedRows: BigInt(rowCount ?? 0) } : { rows };
}

/** The transaction of one attempt on one connection: what was sent, what waits to be sent. */
class PipelinedTransaction {
  readonly #client: pg.PoolClient;
  #unsent: PipelineStatement[] = [];
  /** BEGIN has been sent and no COMMIT yet. */
  open = false;
  committed = false;

  constructor(client: pg.PoolClient) {
    this.#client = client;
  }

  /** Keeps a write for the next round trip. */
  hold(query: CompiledQuery): void {
    this.#unsent.push({ text: query.sql, values: query.parameters });
  }

  /** Sends the held writes and `query` (after BEGIN if none was sent, before COMMIT if asked); returns the query's result. */
  async send(query: CompiledQuery | undefined, commit: boolean): Promise<QueryResult<unknown>> {
    const statements = this.#unsent;
    this.#unsent = [];
    if (query) statements.push({ text: query.sql, values: query.parameters });
    const begins = !this.open;
    // Open from the moment BEGIN is on its way: a failure after it leaves a transaction to roll back.
    this.open = true;
    const results = await sendPipeline(this.#client, [
      ...(begins ? [BEGIN] : []),
      ...statements,
      ...(commit ? [COMMIT] : []),
    ]);
    if (commit) {
      this.open = false;
      if (results.at(-1)?.command === "ROLLBACK") throw new TransactionRolledBack();
      this.committed = true;
    }
    const own = results[(begins ? 1 : 0) + statements.length - 1];
    return own && query ? toQueryResult(own) : UNREAD_RESULT;
  }

  /** Whether anything is waiting to be sent or to be committed. */
  get pending(): boolean {
    return this.open || this.#unsent.length > 0;
  }

  /** Drops the unsent writes and rolls back what was sent. */
  async rollback(): Promise<void> {
    this.#unsent = [];
    if (!this.open) return;
    this.open = false;
    await this.#client.query("rollback");
  }
}

/** The server's transaction status at the connection's last ready-for-query: idle, in a transaction or failed. */
function transactionStatusOf(client: pg.PoolClient): string | null {
  return (client as unknown as { getTransactionStatus(): string | null }).getTransactionStatus();
}

/** Runs the body once in one transaction on `client`; the transaction is over when this settles. */
async function runOnce<T>(
  client: pg.PoolClient,
  q: QueryBuilder,
  body: (q: QueryBuilder) => Steps<T>,
  isFailure: (value: unknown) => boolean,
): Promise<T> {
  const trx = new PipelinedTransaction(client);
  try {
    const steps = body(q);
    let next = steps.next();
    while (!next.done) {
      if (trx.committed)
        throw new Error("pg steps: a statement after the one the transaction committed with");
      const query = next.value;
      if (isUnreadWrite(query)) {
        trx.hold(query);
        next = steps.next(UNREAD_RESULT);
      } else {
        next = steps.next(await trx.send(query, commitsWith(query)));
      }
    }
    const value = next.value;
    if (trx.committed) {
      if (isFailure(value)) throw new Error("pg steps: a failure value after the transaction committed");
      return value;
    }
    if (isFailure(value)) await trx.rollback();
    else if (trx.pending) await trx.send(undefined, true);
    return value;
  } catch (error) {
    // A rollback that fails too leaves the connection in doubt: the caller drops it.
    await trx.rollback().catch(() => undefined);
    throw error;
  }
}

/**
 * Runs a step body as one PostgreSQL transaction on a connection of `pool`, statements pipelined
 * as the body allows; retried on serialization failures and deadlocks.
 */
export async function runStepsPipelined<T>(
  pool: pg.Pool,
  q: QueryBuilder,
  body: (q: QueryBuilder) => Steps<T>,
  isFailure: (value: unknown) => boolean,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let broken = false;
    try {
      return await runOnce(client, q, body, isFailure);
    } catch (error) {
      // A connection left inside a transaction (its rollback failed) is not reused.
      broken = transactionStatusOf(client) !== "I";
      if (attempt >= MAX_TRANSACTION_ATTEMPTS || !isRetryable(error)) throw error;
    } finally {
      client.release(broken);
    }
    await backOff(attempt);
  }
}
