/**
 * The round rows' statements, the same on every database: storing a round, finding, locking and
 * updating a player's open round, and reading the seed a round drew from.
 */
import { OPEN_STATUS } from "../db/literals.ts";
import { prepareQuery } from "../db/prepared.ts";
import type { GameRoundsTable } from "../db/schema.ts";
import { fetchFirst, type QueryBuilder, runWrite, runWriteUnread, type Steps } from "../db/steps.ts";
import type { MoneyStore, RoundUpdate } from "./money-store.ts";

/** Every column of a round row, named one by one: a template's placeholders have no keys to enumerate. */
export function roundValues(p: GameRoundsTable): GameRoundsTable {
  return {
    id: p.id,
    user_id: p.user_id,
    game_type: p.game_type,
    currency: p.currency,
    bet_amount: p.bet_amount,
    win_amount: p.win_amount,
    status: p.status,
    seed_id: p.seed_id,
    server_seed_hash: p.server_seed_hash,
    client_seed: p.client_seed,
    nonce: p.nonce,
    input: p.input,
    state: p.state,
    outcome: p.outcome,
    created_at: p.created_at,
    updated_at: p.updated_at,
    settled_at: p.settled_at,
  };
}

/** A round row whose columns are a template's `row_<column>` slots. */
export function roundSlots(p: Record<string, unknown>): GameRoundsTable {
  return new Proxy({} as GameRoundsTable, { get: (_target, column) => p[`row_${String(column)}`] });
}

/** A round row's columns as the values of roundSlots' `row_<column>` slots. */
export function roundSlotValues(row: GameRoundsTable): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([column, value]) => [`row_${column}`, value]));
}

/** Stores a new round row. */
export const insertRoundQuery = prepareQuery((q, p: GameRoundsTable) =>
  q.insertInto("game_rounds").values(roundValues(p)),
);

/** Stores a new open round unless the user already has one in that game (unique index). */
const insertOpenRoundQuery = prepareQuery((q, p: GameRoundsTable) =>
  q
    .insertInto("game_rounds")
    .values(roundValues(p))
    .onConflict((oc) => oc.doNothing()),
);

/** The open round of a user in a game, as steps. */
function* findOpenRoundSteps(q: QueryBuilder, userId: string, gameType: string) {
  return yield* fetchFirst(
    q
      .selectFrom("game_rounds")
      .selectAll()
      .where("user_id", "=", userId)
      .where("game_type", "=", gameType)
      .where("status", "=", OPEN_STATUS),
  );
}

/** The multi-step round operations of a money store: the same statements on every database. */
export const roundRowOperations: Pick<
  MoneyStore,
  "findOpenRound" | "storeOpenRound" | "lockOpenRound" | "readServerSeed" | "updateRound"
> = {
  findOpenRound: findOpenRoundSteps,
  *storeOpenRound(q: QueryBuilder, row: GameRoundsTable): Steps<boolean> {
    // The unique index on open rounds turns a concurrent second opening into zero inserted rows.
    return (yield* runWrite(insertOpenRoundQuery(q, row))) > 0;
  },
  *lockOpenRound(q: QueryBuilder, userId: string, gameType: string, now: number) {
    // Touching the row first locks it on PostgreSQL, so two actions on one hand run one after the other.
    return yield* fetchFirst(
      q
        .updateTable("game_rounds")
        .set({ updated_at: now })
        .where("user_id", "=", userId)
        .where("game_type", "=", gameType)
        .where("status", "=", OPEN_STATUS)
        .returningAll(),
    );
  },
  *readServerSeed(q: QueryBuilder, seedId: string) {
    const seed = yield* fetchFirst(q.selectFrom("fair_seeds").select("server_seed").where("id", "=", seedId));
    return seed?.server_seed;
  },
  *updateRound(q: QueryBuilder, roundId: string, update: RoundUpdate) {
    yield* runWriteUnread(q.updateTable("game_rounds").set(update).where("id", "=", roundId));
  },
};
