/** Runs a game's transaction body (steps) on its own or inside the caller's transaction. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { QueryBuilder, Steps } from "../db/steps.ts";
import { runSteps, runStepsIn } from "../db/transaction.ts";
import type { GameRuntime } from "./runtime.ts";

/** One transaction for `body`: the fast path alone, or the caller's (idempotent requests). */
export function runGameSteps<T>(
  runtime: GameRuntime,
  trx: Kysely<Database> | undefined,
  body: (q: QueryBuilder) => Steps<T>,
): Promise<T> {
  return trx ? runStepsIn(trx, body) : runSteps(runtime.services.handle, body);
}
