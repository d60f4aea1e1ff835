/**
 * The in-process CPU cost of one poker action, without sockets or the database:
 * `node bench/poker-action.ts [--actions 100000] [--tables 20]`.
 * Plays hands at six-seat tables (checks and calls, some bets, raises and folds; busted players buy
 * in again) and runs for every action what the server runs between the message and the socket
 * write: the engine's reducer, the table view, the room state draw and the patch encoding for six
 * clients, each with its own StateView. Prints CPU microseconds per action, in total and by stage.
 * The load test (`pnpm loadtest`) measures the whole server, sockets and database included.
 */

import {
  applyTableAction,
  chooseHandPositions,
  createSeededRandom,
  legalActions,
  type TableAction,
} from "@casino/protocol";
import { numberOption, readCommandLine } from "@casino/protocol/cli/command-line";
import { createSeatMeta, type SeatMeta } from "@casino/protocol/poker/table/seat-meta";
import { PokerTableState } from "@casino/protocol/schemas/poker-table-state";
import { ClientState, SchemaSerializer } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import { CHIPS_PER_COIN, TABLE_KINDS } from "../src/poker/catalogue.ts";
import { type TableContext, TableCore } from "../src/poker/table-core.ts";
import { viewTable } from "../src/poker/table-view.ts";
import type { PokerTableInfo } from "../src/poker/tables-store.ts";
import { TableStateSync } from "../src/rooms/poker/sync-state.ts";

const { values: args } = readCommandLine({ actions: { type: "string" }, tables: { type: "string" } });
const positive = { min: 0, exclusive: true, whole: true };
const ACTIONS = numberOption(args.actions, "actions", 100_000, positive);
const TABLES = numberOption(args.tables, "tables", 20, positive);
const SEATS = 6;
const BUY_IN = 500;

/** A client as the serializer sees it: joined, with its own view, counting the bytes it is sent. */
interface BenchClient {
  state: number;
  view: StateView;
  userId: string;
  raw(bytes: Uint8Array): void;
}

let bytesSent = 0;
let framesSent = 0;

/** One table with its room state, sync, serializer and six clients. */
function createBenchTable(index: number) {
  const kind = TABLE_KINDS.house!;
  const chipsPerCoin = CHIPS_PER_COIN[kind.currency];
  const info: PokerTableInfo = {
    id: `bench-${index}`,
    name: `Bench ${index}`,
    kind: "house",
    currency: kind.currency,
    smallBlind: kind.smallBlind,
    bigBlind: kind.bigBlind,
    buyInMin: kind.buyInMin,
    buyInMax: kind.buyInMax,
    maxPlayers: SEATS,
    unitsPerChip: 1_000_000 / chipsPerCoin,
    hasBots: false,
    seeded: false,
    sortOrder: index,
    handCount: 0,
  };
  const ctx = {
    settings: { actionTimeoutMs: 20_000 },
    now: () => Date.now(),
  } as unknown as TableContext;
  const table = new TableCore(info, ctx);
  const state = new PokerTableState();
  const sync = new TableStateSync(state);
  const serializer = new SchemaSerializer();
  serializer.reset(state);
  const clients: BenchClient[] = [];
  for (let seat = 0; seat < SEATS; seat++) {
    const userId = `user-${index}-${seat}`;
    table.meta[seat] = seatMeta(userId);
    sit(table, seat, userId);
    clients.push({
      state: ClientState.JOINED,
      view: new StateView(),
      userId,
      raw: (bytes) => {
        bytesSent += bytes.length;
        framesSent++;
      },
    });
  }
  for (const client of clients) sync.attach(client);
  return { table, state, sync, serializer, clients, random: createSeededRandom(index + 1) };
}

function seatMeta(userId: string): SeatMeta {
  return createSeatMeta(
    { playerId: userId, userId, displayName: userId, isBot: false, botName: "", clientSeed: "seed" },
    30_000,
  );
}

function sit(table: TableCore, seat: number, userId: string): void {
  const sat = applyTableAction(table.state, {
    type: "sit",
    seat,
    playerId: userId,
    name: userId,
    stack: BUY_IN,
  });
  if ("error" in sat) throw new Error(sat.error.code);
  table.state = sat.state;
}

function shuffledDeck(random: () => number): number[] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}

/** The next action at a table: a turn, a runout street, or (with the hand over) rebuys and a new hand. */
function nextAction(bench: ReturnType<typeof createBenchTable>): TableAction {
  const { table, random } = bench;
  const hand = table.state.hand;
  const now = Date.now();
  if (!hand || hand.ended) {
    for (let seat = 0; seat < SEATS; seat++) {
      if (!table.state.seats[seat]) sit(table, seat, table.meta[seat]!.playerId);
    }
    if (!chooseHandPositions(table.state)) throw new Error("no hand can start");
    return { type: "start_hand", deck: shuffledDeck(random), deckHash: "bench", now };
  }
  if (hand.toAct === null) return { type: "advance", now };
  const seat = hand.toAct;
  const legal = legalActions(table.state, seat);
  const roll = random();
  if ((legal.canRaise || legal.canBet) && roll < 0.08)
    return { type: legal.canBet ? "bet" : "raise", seat, amount: legal.minRaiseTo, now };
  if (!legal.canCheck && roll > 0.9) return { type: "fold", seat, now };
  return { type: legal.canCheck ? "check" : "call", seat, now };
}

const benches = Array.from({ length: TABLES }, (_, i) => createBenchTable(i));
const stages = { engine: 0, view: 0, draw: 0, encode: 0 };

/** CPU time of the process so far, in ms (getrusage: the stages are timed in CPU, not wall, time). */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function step(bench: ReturnType<typeof createBenchTable>, timed: boolean): void {
  const { table } = bench;
  const t0 = timed ? cpuMs() : 0;
  const action = nextAction(bench); // may seat players again first
  const result = applyTableAction(table.state, action);
  if ("error" in result) throw new Error(result.error.code);
  table.state = result.state;
  table.recordEvents(result.events);
  const hand = table.state.hand;
  table.turn =
    hand && !hand.ended && hand.toAct !== null
      ? {
          key: `${table.state.version}`,
          seat: hand.toAct,
          deadline: Date.now() + 20_000,
          usingTimeBank: false,
          bankStartedAt: 0,
        }
      : null;
  const t1 = timed ? cpuMs() : 0;
  const view = viewTable(table);
  const t2 = timed ? cpuMs() : 0;
  bench.sync.draw(view, table.state.hand?.handNumber ?? 0, () => bench.clients);
  const t3 = timed ? cpuMs() : 0;
  bench.serializer.applyPatches(bench.clients as never, bench.state);
  if (timed) {
    const t4 = cpuMs();
    stages.engine += t1 - t0;
    stages.view += t2 - t1;
    stages.draw += t3 - t2;
    stages.encode += t4 - t3;
  }
}

// Warm up (JIT), then measure: once untimed for the total, once with each stage timed.
for (let i = 0; i < Math.min(20_000, ACTIONS); i++) step(benches[i % TABLES]!, false);
bytesSent = 0;
framesSent = 0;
const cpuBefore = process.cpuUsage();
const wallBefore = performance.now();
for (let i = 0; i < ACTIONS; i++) step(benches[i % TABLES]!, false);
const cpu = process.cpuUsage(cpuBefore);
const wall = performance.now() - wallBefore;
const frames = framesSent;
const bytes = bytesSent;
for (let i = 0; i < ACTIONS; i++) step(benches[i % TABLES]!, true);
const hands = benches.reduce((sum, b) => sum + b.table.state.handCount, 0);

const us = (ms: number) => `${((1000 * ms) / ACTIONS).toFixed(1)} µs`;
console.log(`poker action bench: ${ACTIONS} actions at ${TABLES} tables of ${SEATS} (${hands} hands in all)`);
console.log(
  `  CPU per action            ${((cpu.user + cpu.system) / ACTIONS).toFixed(1)} µs (wall ${us(wall)})`,
);
console.log("  by stage (CPU, a separate timed pass: the timing adds its own cost)");
console.log(`    engine (reducer)        ${us(stages.engine)}`);
console.log(`    table view              ${us(stages.view)}`);
console.log(`    room state draw         ${us(stages.draw)}`);
console.log(`    patch encoding          ${us(stages.encode)}`);
console.log(
  `  frames per action         ${(frames / ACTIONS).toFixed(2)}, ${(bytes / frames).toFixed(0)} bytes each`,
);
