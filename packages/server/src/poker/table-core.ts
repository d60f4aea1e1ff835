/**
 * The live state of one hosted table: the engine's state, the server's facts per seat, the hand
 * being played (its secret seed and log), the turn and the table's timers. Every change runs as a
 * task on one queue per table, so REST calls, room messages, timers and bots never interleave, and
 * a task never waits for the queue while it holds a database transaction.
 */
import {
  createTable,
  type HandActionView,
  NO_HAND_ACTION,
  type TableEvent,
  type TableState,
} from "@casino/protocol";
import type { SeatMeta } from "@casino/protocol/poker/table/seat-meta";
import type { Turn } from "@casino/protocol/poker/table/turn-clock";
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import type { QueryBuilder, Steps } from "../db/steps.ts";
import { runInTransaction } from "../db/transaction.ts";
import type { Logger } from "../log.ts";
import type { PokerSettings } from "./settings.ts";
import type { PokerTableInfo } from "./tables-store.ts";
import { NamedTimers } from "./timers.ts";

/** What a table needs from its process. */
export interface TableContext {
  handle: DatabaseHandle;
  log: Logger;
  settings: PokerSettings;
  now(): number;
  /** Maintenance mode: no new hands. */
  isPaused(): Promise<boolean>;
  /** Called after every change (rooms and the lobby redraw from the table). */
  onChange(table: TableCore, events: readonly TableEvent[]): void;
}

/** The hand being played: what the database and the history need. */
export interface LiveHand {
  id: number;
  handNumber: number;
  seed: string;
  deckHash: string;
  /** Merkle root of the deck's committed positions (deck-commitment.ts). */
  deckRoot: string;
  clientSeeds: string[];
  startedAt: number;
  events: TableEvent[];
  /** Counts the events that end a turn, so a new turn is told apart from a repeat of the same seat. */
  turnEvents: number;
}

/** A finished hand's commitment, shown until the next one ends (its seed is never shown). */
export interface HandReveal {
  handId: number;
  handNumber: number;
  deckHash: string;
  deckRoot: string;
  clientSeeds: string[];
}

/** A tournament table's rules: chips are tournament chips (no money moves), blinds rise by level. */
export interface TournamentHooks {
  /** Before each deal (`now`: the hand's start): the level's blinds and ante, players sitting out dealt back in. */
  beforeHand(table: TableCore, now: number): void;
  /** Inside the hand's settlement transaction: stacks, busts and (at the end) the prizes. */
  settleSteps(q: QueryBuilder, table: TableCore, events: readonly TableEvent[]): Steps<void>;
  /** After the settlement committed. */
  afterHand(table: TableCore, events: readonly TableEvent[]): void;
  /** Inside the transaction storing a new hand: whether this process still hosts the tournament. */
  holdsHostSteps(q: QueryBuilder): Steps<boolean>;
}

/** Extra work a caller adds to a money-moving transaction (an idempotency record). */
export type ExtraWork = (trx: Kysely<Database>) => Promise<void>;

/** The state and plumbing every table module works on. */
export class TableCore {
  readonly info: PokerTableInfo;
  readonly ctx: TableContext;
  state: TableState;
  readonly meta: (SeatMeta | null)[];
  live: LiveHand | null = null;
  /** Deck commitment of the hand being dealt or played ("" between hands). */
  commitment = "";
  /** Merkle root of the deck positions of the hand being dealt or played ("" between hands). */
  deckRoot = "";
  lastReveal: HandReveal | null = null;
  /** The table's latest betting action; its `seq` counts the actions of this table's life in the process. */
  lastHandAction: HandActionView = NO_HAND_ACTION;
  /** The street the next action is taken on. */
  private actionStreet: HandActionView["street"] = "preflop";
  turn: Turn | null = null;
  nextHandAt = 0;
  /** Maintenance mode held the last automatic start back. */
  paused = false;
  /** A hand could not be stored: no new hands until an operator looks. */
  halted = false;
  closed = false;
  /** Set on a tournament's table (poker/tournament); null at cash tables. */
  tournament: TournamentHooks | null = null;
  readonly timers = new NamedTimers();
  /** What follows every change: settling, bots, timers, listeners (set by PokerTable). */
  afterChange: (events: TableEvent[]) => Promise<void> = async () => {};
  private chain: Promise<unknown> = Promise.resolve();

  constructor(info: PokerTableInfo, ctx: TableContext) {
    this.info = info;
    this.ctx = ctx;
    this.state = createTable({
      maxPlayers: info.maxPlayers,
      smallBlind: info.smallBlind,
      bigBlind: info.bigBlind,
      actionTimeoutMs: ctx.settings.actionTimeoutMs,
    });
    this.state.handCount = info.handCount;
    this.meta = Array.from({ length: info.maxPlayers }, () => null);
  }

  /** Runs a task after every earlier one; its error is logged for the queue and returned to the caller. */
  run<T>(task: () => Promise<T> | T): Promise<T> {
    const next = this.chain.then(task);
    this.chain = next.catch((error: unknown) => {
      this.ctx.log.error({ err: error, tableId: this.info.id }, "poker table task failed");
    });
    return next;
  }

  /** Runs a task from a timer or an event: its failure is logged by the queue, never thrown. */
  spawn(task: () => Promise<unknown> | unknown): void {
    this.run(task).catch(() => undefined);
  }

  /** Waits until every queued task has run. */
  drain(): Promise<unknown> {
    return this.chain;
  }

  /** The clock. */
  now(): number {
    return this.ctx.now();
  }

  /** One database transaction (a `{ ok: false }` value rolls back). */
  persist<T>(fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return runInTransaction(this.ctx.handle, fn);
  }

  /** The seat of a player (user id or bot id), or null. */
  seatOf(playerId: string): number | null {
    const seat = this.state.seats.findIndex((p) => p?.playerId === playerId);
    return seat < 0 ? null : seat;
  }

  /** At a tournament a player sitting out is blinded away: each turn of theirs checks or folds at once. */
  isBlindedAway(seat: number): boolean {
    return this.tournament !== null && (this.meta[seat]?.sitOutSince ?? null) !== null;
  }

  /** Whether a hand is being played. */
  isHandLive(): boolean {
    const hand = this.state.hand;
    return !!hand && !hand.ended;
  }

  /** Seats with a player, with their facts. */
  occupiedSeats(): { seat: number; meta: SeatMeta }[] {
    return this.meta.flatMap((meta, seat) => (meta && this.state.seats[seat] ? [{ seat, meta }] : []));
  }

  /** Tells the rooms and the lobby. */
  notify(events: readonly TableEvent[]): void {
    try {
      this.ctx.onChange(this, events);
    } catch (error) {
      this.ctx.log.error({ err: error, tableId: this.info.id }, "poker table listener failed");
    }
  }

  /** Keeps a hand's log and the players' last actions for the table view. */
  recordEvents(events: readonly TableEvent[]): void {
    for (const event of events) {
      if (this.live) this.live.events.push(event);
      if (event.type === "hand_started") {
        this.clearAntes();
        this.actionStreet = "preflop";
      } else if (event.type === "street_dealt") this.actionStreet = event.street;
      else if (event.type === "ante_posted") {
        const meta = this.meta[event.seat];
        if (meta) {
          meta.ante = event.amount;
          meta.anteAllIn = event.allIn;
        }
      }
      if (event.type === "hand_started" || event.type === "street_dealt") {
        for (const meta of this.meta) if (meta) meta.lastAction = "";
        if (this.live) this.live.turnEvents++;
      } else if (event.type === "action_taken") {
        const meta = this.meta[event.seat];
        if (meta) meta.lastAction = event.allIn ? "all-in" : event.action;
        if (this.live) this.live.turnEvents++;
        this.lastHandAction = Object.freeze({
          seq: this.lastHandAction.seq + 1,
          seat: event.seat,
          action: event.action,
          amount: event.amount,
          to: event.to,
          allIn: event.allIn,
          street: this.actionStreet,
        });
      }
    }
  }

  /** A new hand: nobody has posted an ante in it yet. */
  private clearAntes(): void {
    for (const meta of this.meta) {
      if (meta) {
        meta.ante = 0;
        meta.anteAllIn = false;
      }
    }
  }
}
