/**
 * Hand rows: inserted live when a hand starts (its seed stays secret, its commitment is public),
 * finished with the full event log, board, pots and winners, or voided when a
 * restart finds it unfinished. Read back for hand histories and deck verification. The seed never
 * leaves the server: players get opened positions (hand-opening.ts), the operator's auditor the seed.
 */
import type { CardIndex, Currency, PotShare, TableEvent } from "@casino/protocol";
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../db/builder-dialect.ts";
import { LIVE_HAND } from "../db/literals.ts";
import { prepareByShape, prepareQuery } from "../db/prepared.ts";
import type { Database } from "../db/schema.ts";
import { fetchAllAndCommit, fetchFirst, type QueryBuilder, runWriteUnread, type Steps } from "../db/steps.ts";
import { runStepsIn } from "../db/transaction.ts";
import { type PokerHandsTable, pokerDb } from "./db.ts";
import { saveStacksBySeatSteps } from "./stacks-by-seat.ts";
import type { TournamentTables } from "./tournament/db.ts";

/** A dealt-in player as the hand row keeps it. */
export interface HandSeat {
  seat: number;
  playerId: string;
  name: string;
  stack: number;
  isBot: boolean;
}

/** What is known when a hand starts. */
export interface LiveHandInput {
  tableId: string;
  handNumber: number;
  currency: Currency;
  unitsPerChip: number;
  smallBlind: number;
  bigBlind: number;
  handSeed: string;
  deckHash: string;
  clientSeeds: string[];
  players: HandSeat[];
  startedAt: number;
}

/** A stored hand. */
export interface StoredHand extends LiveHandInput {
  id: number;
  status: PokerHandsTable["status"];
  events: TableEvent[];
  board: CardIndex[];
  results: PotShare[][];
  rake: number;
  endedAt: number | null;
}

/** The dealt-in players of a hand in one statement (slots `seat<i>`, `player<i>`, `stack<i>`), by count. */
const insertHandPlayersQuery = prepareByShape(
  (count: number) => (q: QueryBuilder, p: Record<string, unknown>) =>
    pokerDb(q)
      .insertInto("poker_hand_players")
      .values(
        Array.from({ length: count }, (_, i) => ({
          hand_id: p.handId as number,
          seat: p[`seat${i}`] as number,
          player_id: p[`player${i}`] as string,
          start_stack: p[`stack${i}`] as number,
          end_stack: null,
        })),
      ),
);

const finishHandQuery = prepareQuery(
  (q, p: { id: number; events: string; board: string; results: string; rake: number; endedAt: number }) =>
    pokerDb(q)
      .updateTable("poker_hands")
      .set({
        status: "ended",
        events: p.events,
        board: p.board,
        results: p.results,
        rake: p.rake,
        ended_at: p.endedAt,
      })
      .where("id", "=", p.id),
);

/** A hand's row as it starts, with its JSON columns as text. */
type LiveHandRow = Omit<LiveHandInput, "clientSeeds" | "players"> & { clientSeeds: string; players: string };

/** The column values of a hand's row as it starts. */
function liveHandValues(p: LiveHandRow) {
  return {
    table_id: p.tableId,
    hand_number: p.handNumber,
    status: "live" as const,
    currency: p.currency,
    units_per_chip: p.unitsPerChip,
    small_blind: p.smallBlind,
    big_blind: p.bigBlind,
    hand_seed: p.handSeed,
    deck_hash: p.deckHash,
    client_seeds: p.clientSeeds,
    players: p.players,
    events: null,
    board: null,
    results: null,
    rake: 0,
    started_at: p.startedAt,
    ended_at: null,
  };
}

/** A hand's row as it starts. */
const insertLiveHandQuery = prepareQuery((q, p: LiveHandRow) =>
  pokerDb(q).insertInto("poker_hands").values(liveHandValues(p)).returning("id"),
);

/**
 * PostgreSQL: a hand's row and its `count` dealt-in players in one statement (slots as
 * insertHandPlayersQuery's, besides the row's), answering the row's id.
 */
const insertLiveHandWithPlayersQuery = prepareByShape(
  (count: number) => (q: QueryBuilder, p: LiveHandRow & Record<string, unknown>) => {
    const players = Array.from(
      { length: count },
      (_, i) =>
        sql`(cast(${p[`seat${i}`]} as integer), cast(${p[`player${i}`]} as text), cast(${p[`stack${i}`]} as bigint))`,
    );
    return pokerDb(q)
      .with("hand", (db) => db.insertInto("poker_hands").values(liveHandValues(p)).returning("id"))
      .with("dealt", (db) =>
        db
          .insertInto("poker_hand_players")
          .columns(["hand_id", "seat", "player_id", "start_stack"])
          .expression(
            sql`select "hand"."id", "p"."seat", "p"."player_id", "p"."start_stack" from "hand" cross join (values ${sql.join(players)}) as "p"("seat", "player_id", "start_stack")`,
          ),
      )
      .selectFrom("hand")
      .select("id");
  },
);

/** The dealt-in players as slots `seat<i>`, `player<i>`, `stack<i>`. */
function playerSlots(players: readonly HandSeat[]): Record<string, unknown> {
  const slots: Record<string, unknown> = {};
  players.forEach((p, i) => {
    slots[`seat${i}`] = p.seat;
    slots[`player${i}`] = p.playerId;
    slots[`stack${i}`] = p.stack;
  });
  return slots;
}

function liveHandRow(hand: LiveHandInput): LiveHandRow {
  return {
    tableId: hand.tableId,
    handNumber: hand.handNumber,
    currency: hand.currency,
    unitsPerChip: hand.unitsPerChip,
    smallBlind: hand.smallBlind,
    bigBlind: hand.bigBlind,
    handSeed: hand.handSeed,
    deckHash: hand.deckHash,
    clientSeeds: JSON.stringify(hand.clientSeeds),
    players: JSON.stringify(hand.players),
    startedAt: hand.startedAt,
  };
}

/**
 * Inserts a hand as it starts, as transaction steps; returns its id (the hand number in exported
 * histories). With `commits` the steps are the whole transaction: on PostgreSQL the row and its
 * players then go in one statement that commits in the same round trip.
 */
export function* insertLiveHandSteps(
  q: QueryBuilder,
  hand: LiveHandInput,
  options: { commits?: boolean } = {},
): Steps<number> {
  if (options.commits && hand.players.length > 0 && isPostgres(q)) {
    const query = insertLiveHandWithPlayersQuery(hand.players.length)(q, {
      ...liveHandRow(hand),
      ...playerSlots(hand.players),
    });
    const [row] = yield* fetchAllAndCommit(query);
    if (!row) throw new Error("poker: the hand row was not inserted");
    return Number(row.id);
  }
  const row = yield* fetchFirst(insertLiveHandQuery(q, liveHandRow(hand)));
  if (!row) throw new Error("poker: the hand row was not inserted");
  const id = Number(row.id);
  if (hand.players.length === 0) return id;
  yield* runWriteUnread(
    insertHandPlayersQuery(hand.players.length)(q, { handId: id, ...playerSlots(hand.players) }),
  );
  return id;
}

/** Inserts a hand as it starts inside the caller's transaction. */
export function insertLiveHand(trx: Kysely<Database>, hand: LiveHandInput): Promise<number> {
  return runStepsIn(trx, (q) => insertLiveHandSteps(q, hand));
}

/** What a finished hand adds. */
export interface FinishedHand {
  events: TableEvent[];
  board: CardIndex[];
  results: PotShare[][];
  rake: number;
  endStacks: { seat: number; stack: number }[];
  endedAt: number;
}

/** Stores the end of a hand as transaction steps: its log, and from now on its seed is public. */
export function* finishHandRowSteps(q: QueryBuilder, id: number, hand: FinishedHand): Steps<void> {
  yield* runWriteUnread(
    finishHandQuery(q, {
      id,
      events: JSON.stringify(hand.events),
      board: JSON.stringify(hand.board),
      results: JSON.stringify(hand.results),
      rake: hand.rake,
      endedAt: hand.endedAt,
    }),
  );
  yield* saveStacksBySeatSteps("poker_hand_players", q, id, hand.endStacks);
}

/** Marks a table's unfinished hands void (their chips went back to the stacks they started with). */
export async function voidLiveHands(trx: Kysely<Database>, tableId: string, now: number): Promise<number> {
  const result = await pokerDb(trx)
    .updateTable("poker_hands")
    .set({ status: "voided", ended_at: now })
    .where("table_id", "=", tableId)
    .where("status", "=", LIVE_HAND)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

function parseJson<T>(text: string | null, fallback: T): T {
  return text === null ? fallback : (JSON.parse(text) as T);
}

/** A stored hand by id. */
export async function findHand(db: Kysely<Database>, id: number): Promise<StoredHand | undefined> {
  const row = await pokerDb(db).selectFrom("poker_hands").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    tableId: row.table_id,
    handNumber: Number(row.hand_number),
    status: row.status,
    currency: row.currency,
    unitsPerChip: Number(row.units_per_chip),
    smallBlind: Number(row.small_blind),
    bigBlind: Number(row.big_blind),
    handSeed: row.hand_seed,
    deckHash: row.deck_hash,
    clientSeeds: parseJson<string[]>(row.client_seeds, []),
    players: parseJson<HandSeat[]>(row.players, []),
    events: parseJson<TableEvent[]>(row.events, []),
    board: parseJson<CardIndex[]>(row.board, []),
    results: parseJson<PotShare[][]>(row.results, []),
    rake: Number(row.rake),
    startedAt: Number(row.started_at),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
  };
}

/** A player's recent hands, newest first. */
export async function listPlayerHands(db: Kysely<Database>, playerId: string, limit: number) {
  const rows = await pokerDb(db)
    .withTables<TournamentTables>()
    .selectFrom("poker_hand_players as p")
    .innerJoin("poker_hands as h", "h.id", "p.hand_id")
    // A Sit & Go's table is the tournament's, not a row of poker_tables: its hands are listed too.
    .leftJoin("poker_tables as t", "t.id", "h.table_id")
    .leftJoin("tournaments as tn", "tn.table_id", "h.table_id")
    .select([
      "h.id",
      "h.table_id",
      "t.name",
      "tn.id as tournament_id",
      "tn.name as tournament_name",
      "h.hand_number",
      "h.status",
      "h.currency",
      "h.started_at",
      "p.seat",
      "p.start_stack",
      "p.end_stack",
    ])
    .where("p.player_id", "=", playerId)
    // The (player_id, hand_id) index's order: the newest `limit` hands are read, never all of them.
    .orderBy("p.hand_id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    handId: Number(r.id),
    tableId: r.table_id,
    tableName: r.name ?? r.tournament_name ?? r.table_id,
    tournamentId: r.tournament_id,
    handNumber: Number(r.hand_number),
    status: r.status,
    currency: r.currency,
    seat: Number(r.seat),
    startStack: Number(r.start_stack),
    endStack: r.end_stack === null ? null : Number(r.end_stack),
    startedAt: new Date(Number(r.started_at)).toISOString(),
  }));
}

/** The seat a player had in a hand, or null when they did not play it. */
export async function findHandSeat(
  db: Kysely<Database>,
  handId: number,
  playerId: string,
): Promise<number | null> {
  const row = await pokerDb(db)
    .selectFrom("poker_hand_players")
    .select("seat")
    .where("hand_id", "=", handId)
    .where("player_id", "=", playerId)
    .executeTakeFirst();
  return row ? Number(row.seat) : null;
}
