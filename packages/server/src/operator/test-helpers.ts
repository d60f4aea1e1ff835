/** Helpers for the operator tests: a casino with known passwords, an authenticated client, poker hand rows. */
import {
  applyTableAction,
  chooseHandPositions,
  createTable,
  hashHandSeed,
  shuffleHandDeck,
  type TableAction,
  type TableEvent,
  type TableState,
} from "@casino/protocol";
import type { Kysely } from "kysely";
import { beforeAll } from "vitest";
import type { StartCasinoOptions } from "../app.ts";
import type { Database } from "../db/schema.ts";
import {
  type Answer,
  createClient,
  startTestCasino,
  type TestCasino,
  useCasino,
} from "../http/test-helpers.ts";
import { pokerDb } from "../poker/db.ts";
import type { OperatorOptions } from "./runtime.ts";

/** The dashboard password of test casinos. */
export const TEST_PASSWORD = "orbit-control-7";
/** The vault password of test casinos. */
export const TEST_VAULT_PASSWORD = "deep-vault-9";

const HOUR = 60 * 60 * 1000;

/** A casino whose monitors run only when a test asks (runNow), with figures never cached. */
export function startOperatorCasino(
  operator: OperatorOptions = {},
  options: Partial<StartCasinoOptions> = {},
): Promise<TestCasino> {
  return startTestCasino({
    ...options,
    operator: {
      password: TEST_PASSWORD,
      vaultPassword: TEST_VAULT_PASSWORD,
      cacheMs: 0,
      intervalsMs: { orion: HOUR, vega: HOUR, lyra: HOUR, sirius: HOUR },
      firstRunMs: HOUR,
      ...operator,
    },
  });
}

/** The suite's operator casino (see useCasino) and a client logged in as the operator once it has started. */
export function useOperatorCasino(
  operator: OperatorOptions = {},
  options: Partial<StartCasinoOptions> = {},
): { casino: TestCasino; operator: OperatorClient } {
  const casino = useCasino(() => startOperatorCasino(operator, options));
  const client = {} as OperatorClient;
  beforeAll(async () => {
    Object.assign(client, await loginOperator(casino.url));
  });
  return { casino, operator: client };
}

/** A client sending the operator's bearer token. */
export interface OperatorClient {
  get(path: string, headers?: Record<string, string>): Promise<Answer>;
  post(path: string, body?: unknown): Promise<Answer>;
}

/** Logs in and returns a client carrying the token. */
export async function loginOperator(baseUrl: string, password = TEST_PASSWORD): Promise<OperatorClient> {
  const client = createClient(baseUrl);
  const login = await client.post("/api/security/login", { password });
  if (login.status !== 200) throw new Error(`operator login failed: ${login.status} ${login.text}`);
  const authorization = `Bearer ${login.body.token as string}`;
  return {
    get: (path, headers = {}) => client.request("GET", path, { headers: { authorization, ...headers } }),
    post: (path, body = {}) => client.request("POST", path, { body, headers: { authorization } }),
  };
}

/** A hand played to its end with checks and calls: its events and what proves its deck. */
export interface PlayedHand {
  events: TableEvent[];
  handNumber: number;
  handSeed: string;
  clientSeeds: string[];
}

function act(state: TableState, action: TableAction): { state: TableState; events: TableEvent[] } {
  const result = applyTableAction(state, action);
  if ("error" in result) throw new Error(`${action.type} refused: ${result.error.code}`);
  return result;
}

/** Plays one hand of three players from a committed seed, checking or calling to the river. */
export function playCheckedHand(handSeed: string): PlayedHand {
  let table = createTable({ maxPlayers: 6, smallBlind: 5, bigBlind: 10 });
  for (const seat of [0, 2, 4]) {
    table = act(table, { type: "sit", seat, playerId: `p${seat}`, name: `Pilot ${seat}`, stack: 500 }).state;
  }
  const positions = chooseHandPositions(table);
  if (!positions) throw new Error("no hand positions");
  const clientSeeds = positions.dealtIn.map((seat) => `client-${seat}`);
  const handNumber = table.handCount + 1;
  const deck = shuffleHandDeck(handSeed, clientSeeds, handNumber);
  const started = act(table, { type: "start_hand", deck, deckHash: hashHandSeed(handSeed) });
  table = started.state;
  const events = [...started.events];
  for (let step = 0; step < 100 && table.hand && !table.hand.ended; step++) {
    const hand = table.hand;
    const seat = hand.toAct;
    let action: TableAction = { type: "advance" };
    if (seat !== null) {
      const bet = hand.players.find((p) => p.seat === seat)?.bet ?? 0;
      action = hand.currentBet > bet ? { type: "call", seat } : { type: "check", seat };
    }
    const next = act(table, action);
    table = next.state;
    events.push(...next.events);
  }
  return { events, handNumber, handSeed, clientSeeds };
}

/** Inserts a poker table row (optionally with a host lease until `leaseUntil`). */
export async function insertPokerTable(
  db: Kysely<Database>,
  id: string,
  leaseUntil: number | null,
): Promise<void> {
  await pokerDb(db)
    .insertInto("poker_tables")
    .values({
      id,
      name: `Test Nebula ${id}`,
      kind: "test",
      currency: "HC",
      small_blind: 5,
      big_blind: 10,
      buy_in_min: 200,
      buy_in_max: 1000,
      max_players: 6,
      units_per_chip: 100_000,
      has_bots: 0,
      seeded: 0,
      sort_order: 99,
      hand_count: 0,
      created_at: 0,
      lease_owner: leaseUntil === null ? null : "test-process",
      lease_expires_at: leaseUntil,
    })
    .execute();
}

/** Inserts a hand row: ended with its events, or live (its events not stored yet). */
export async function insertPokerHand(
  db: Kysely<Database>,
  tableId: string,
  hand: PlayedHand,
  row: { status: "live" | "ended"; startedAt: number; deckHash?: string },
): Promise<number> {
  const inserted = await pokerDb(db)
    .insertInto("poker_hands")
    .values({
      table_id: tableId,
      hand_number: hand.handNumber,
      status: row.status,
      currency: "HC",
      units_per_chip: 100_000,
      small_blind: 5,
      big_blind: 10,
      hand_seed: hand.handSeed,
      deck_hash: row.deckHash ?? hashHandSeed(hand.handSeed),
      client_seeds: JSON.stringify(hand.clientSeeds),
      players: "[]",
      events: row.status === "ended" ? JSON.stringify(hand.events) : null,
      board: null,
      results: null,
      rake: 0,
      started_at: row.startedAt,
      ended_at: row.status === "ended" ? row.startedAt + 1000 : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}
