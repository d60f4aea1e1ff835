/**
 * One currency's Supernova rounds for the whole casino: betting (5 s), the flight, the crash, a
 * short pause, then the next hash of the chain. The engine keeps the flight in memory and settles
 * every bet through bets.ts; a step function driven by a timer (or by a test with its own clock)
 * moves the phases, pays auto cash-outs at their targets and applies the round's payout cap. The
 * server's clock alone decides a cash-out's multiplier, at the request's arrival.
 */
import type { Currency, Failure } from "@casino/protocol";
import { crashPointOf } from "@casino/protocol/games/crash/crash-point";
import { crashTimeOf, multiplierAt } from "@casino/protocol/games/crash/flight";
import { CRASH_ROUND_PROFIT_CAP, capPointOf, cashOutPayout } from "@casino/protocol/games/crash/payout";
import type {
  CrashEndFrame,
  CrashPlay,
  CrashResult,
  CrashRoundFrame,
} from "@casino/protocol/games/crash/schemas";
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import type { Balances } from "../ledger/ledger.ts";
import type { RoundRecord } from "../rounds/types.ts";
import { cashedOutAt, lostAt, openCrashBet, settleCrashBet } from "./bets.ts";
import { type PublicChain, roundHashOf } from "./chain-store.ts";
import { crashFailure, failureOf } from "./failures.ts";
import { readRecentResults, settleLeftovers } from "./recovery.ts";
import { crashDb } from "./tables.ts";

/** How long bets are taken before a flight. */
export const CRASH_BETTING_MS = 5_000;
/** The pause between a crash and the next betting phase. */
export const CRASH_PAUSE_MS = 3_000;
/** At most one frame of bets and cash-outs per this many milliseconds. */
export const CRASH_EVENTS_FRAME_MS = 100;
/** Recent crash points a joining client gets. */
const RECENT_ROUNDS = 20;

/** A frame for the room to send to every client. */
export type CrashFrame =
  | { type: "round"; body: CrashRoundFrame }
  | { type: "flight"; body: { number: number; startedAt: number; serverTime: number } }
  | { type: "events"; body: { number: number; plays: CrashPlay[] } }
  | { type: "crash"; body: CrashEndFrame };

/** What a bet or a cash-out answers: the play and the balances after it, or the refusal. */
export type CrashReply = { ok: true; play: CrashPlay; balances: Balances; round: RoundRecord } | Failure;

/** One player's bet in the flight, in memory. */
interface Play extends CrashPlay {
  userId: string;
  status: "placing" | "playing" | "cashing" | "done";
}

/** What an engine is built from. */
export interface CrashEngineOptions {
  handle: DatabaseHandle;
  currency: Currency;
  chain: PublicChain;
  now: () => number;
  /** The per-round cap on players' net win (defaults to the declared one). */
  profitCap?: number;
  bettingMs?: number;
  pauseMs?: number;
  /** Told of each settled bet (metrics, the live feed). */
  observe?: (round: RoundRecord) => void;
  /** The name shown for a player in the players list. */
  usernameOf?: (userId: string, trx?: Kysely<Database>) => Promise<string>;
  /** The lease epoch this engine hosts under (lease.ts): its round writes are fenced by it. */
  epoch?: number;
  /** Whether new bets are paused (maintenance). */
  isPaused?: (trx?: Kysely<Database>) => Promise<boolean>;
  log?: (message: string, error: unknown) => void;
}

/** The Supernova engine of one currency. */
export class CrashEngine {
  readonly currency: Currency;
  phase: "idle" | "betting" | "flying" | "crashed" = "idle";
  number = 0;
  private hash = "";
  private crashPoint = 100;
  private startsAt = 0;
  private startedAt = 0;
  private endsAt = 0;
  private capPoint = Number.POSITIVE_INFINITY;
  private won = 0;
  private openStake = 0;
  private plays = new Map<string, Play>();
  private pending = new Set<Promise<unknown>>();
  private changed = new Map<string, CrashPlay>();
  private lastEventsAt = 0;
  private recent: CrashResult[] = [];
  private listeners = new Set<(frame: CrashFrame) => void>();
  private timer: NodeJS.Timeout | undefined;
  private stepping: Promise<void> | undefined;
  private readonly cap: number;
  private readonly options: CrashEngineOptions;
  private readonly epoch: number;
  /** Set once another host took the lease: this engine writes nothing more. */
  fenced = false;

  constructor(options: CrashEngineOptions) {
    this.options = options;
    this.epoch = options.epoch ?? 1;
    this.currency = options.currency;
    this.cap = options.profitCap ?? CRASH_ROUND_PROFIT_CAP[options.currency];
  }

  /** Listens to the engine's frames; returns the unsubscribe. */
  subscribe(listener: (frame: CrashFrame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Settles what a stopped process left open, then opens betting; `tickMs` > 0 runs the steps on a timer. */
  async start(tickMs = 20): Promise<void> {
    await this.recover();
    await this.openBetting();
    if (tickMs > 0) this.timer = setInterval(() => void this.step(), tickMs);
  }

  /** Stops the timer (the round in flight stays open: a restart voids it). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.stepping;
    await Promise.allSettled([...this.pending]);
  }

  /** The whole round as a joining client needs it. */
  snapshot(): CrashRoundFrame {
    return {
      currency: this.currency,
      number: this.number,
      phase: this.phase === "idle" ? "betting" : this.phase,
      startsAt: this.phase === "betting" ? this.startsAt : this.startedAt,
      serverTime: this.options.now(),
      terminal: this.options.chain.terminal,
      salt: this.options.chain.salt,
      plays: [...this.plays.values()].map(publicPlay),
      recent: [...this.recent],
      capPoint: Number.isFinite(this.capPoint) ? this.capPoint : null,
    };
  }

  /**
   * After a restart or a takeover: settles what the previous host left open (recovery.ts) and
   * reads the recent crash points.
   */
  async recover(): Promise<void> {
    const { handle, now, observe } = this.options;
    await settleLeftovers(handle, this.currency, this.epoch, now(), observe);
    this.recent = await readRecentResults(handle, this.currency, RECENT_ROUNDS);
  }

  /** Opens the next round's betting phase with the next hash of the chain. */
  async openBetting(): Promise<void> {
    const db = crashDb(this.options.handle.db);
    const last = await db
      .selectFrom("crash_rounds")
      .select((eb) => eb.fn.max("number").as("last"))
      .where("currency", "=", this.currency)
      .executeTakeFirst();
    const number = Number(last?.last ?? 0) + 1;
    if (number > this.options.chain.length) throw new Error(`crash chain of ${this.currency} is used up`);
    this.hash = await roundHashOf(this.options.handle, this.currency, number);
    this.crashPoint = crashPointOf(this.hash, this.options.chain.salt);
    const now = this.options.now();
    this.number = number;
    this.startsAt = now + (this.options.bettingMs ?? CRASH_BETTING_MS);
    this.plays = new Map();
    this.changed = new Map();
    this.won = 0;
    this.openStake = 0;
    this.capPoint = Number.POSITIVE_INFINITY;
    await db
      .insertInto("crash_rounds")
      .values({
        currency: this.currency,
        number,
        status: "betting",
        starts_at: this.startsAt,
        started_at: null,
        ended_at: null,
        crash_point: null,
        end_point: null,
        hash: null,
        host_epoch: this.epoch,
        created_at: now,
      })
      .execute();
    this.phase = "betting";
    this.emit({ type: "round", body: this.snapshot() });
  }

  /** Moves the round on by the clock: starts the flight, pays auto cash-outs, ends it, opens the next. */
  step(): Promise<void> {
    this.stepping ??= this.runStep().finally(() => {
      this.stepping = undefined;
    });
    return this.stepping;
  }

  /** One step of the phases. */
  private async runStep(): Promise<void> {
    try {
      const now = this.options.now();
      if (this.phase === "betting" && now >= this.startsAt) await this.startFlight();
      else if (this.phase === "flying") await this.fly(now);
      else if (this.phase === "crashed" && now >= this.endsAt + (this.options.pauseMs ?? CRASH_PAUSE_MS))
        await this.openBetting();
      this.flushEvents(now);
    } catch (error) {
      this.options.log?.("crash step failed", error);
    }
  }

  /** Closes the bets (waiting for those being written) and starts the flight. */
  private async startFlight(): Promise<void> {
    this.phase = "flying";
    await Promise.allSettled([...this.pending]);
    this.startedAt = this.options.now();
    this.capPoint = capPointOf(this.cap, this.won, this.openStake);
    const started = await crashDb(this.options.handle.db)
      .updateTable("crash_rounds")
      .set({ status: "flying", started_at: this.startedAt })
      .where("currency", "=", this.currency)
      .where("number", "=", this.number)
      .where("host_epoch", "=", this.epoch)
      .executeTakeFirst();
    this.requireFence(started.numUpdatedRows);
    this.flushEvents(this.startedAt, true);
    this.emit({
      type: "flight",
      body: { number: this.number, startedAt: this.startedAt, serverTime: this.options.now() },
    });
  }

  /** During the flight: pays reached auto cash-outs, applies the cap, crashes at the crash time. */
  private async fly(now: number): Promise<void> {
    const elapsed = now - this.startedAt;
    const crashTime = crashTimeOf(this.crashPoint);
    const reached = elapsed >= crashTime ? this.crashPoint : multiplierAt(elapsed);
    // Auto cash-outs at or below both the multiplier reached and the crash point, lowest first.
    const due = [...this.plays.values()]
      .filter((p) => p.status === "playing" && p.autoCashOut !== null && p.autoCashOut <= reached)
      .filter(
        (p) => (p.autoCashOut as number) <= this.crashPoint && (p.autoCashOut as number) < this.capPoint,
      )
      .sort((a, b) => (a.autoCashOut as number) - (b.autoCashOut as number));
    const autos = due.map((play) => this.track(this.cashOutPlay(play, play.autoCashOut as number)));
    if (Number.isFinite(this.capPoint) && this.capPoint <= this.crashPoint && reached >= this.capPoint) {
      const at = this.capPoint;
      for (const play of this.plays.values())
        if (play.status === "playing") this.track(this.cashOutPlay(play, at));
      await this.endFlight(at, true);
      return;
    }
    if (elapsed >= crashTime) await this.endFlight(this.crashPoint, false);
    await Promise.all(autos);
  }

  /** Ends the flight: reveals the hash, settles every bet still in as lost. */
  private async endFlight(endPoint: number, capped: boolean): Promise<void> {
    this.phase = "crashed";
    this.endsAt = this.options.now();
    const db = crashDb(this.options.handle.db);
    await db
      .updateTable("crash_rounds")
      .set({
        status: "crashed",
        ended_at: this.endsAt,
        crash_point: this.crashPoint,
        end_point: endPoint,
        hash: this.hash,
      })
      .where("currency", "=", this.currency)
      .where("number", "=", this.number)
      .where("host_epoch", "=", this.epoch)
      .executeTakeFirst()
      .then((ended) => this.requireFence(ended.numUpdatedRows));
    for (const play of this.plays.values()) {
      if (play.status !== "playing") continue;
      play.status = "done";
      this.track(this.settle(play, lostAt(this.number, this.crashPoint)));
    }
    await Promise.allSettled([...this.pending]);
    this.recent = [
      { number: this.number, crashPoint: this.crashPoint, hash: this.hash, endedAt: this.endsAt },
      ...this.recent,
    ].slice(0, RECENT_ROUNDS);
    this.flushEvents(this.endsAt, true);
    this.emit({
      type: "crash",
      body: {
        number: this.number,
        crashPoint: this.crashPoint,
        endedAt: endPoint,
        hash: this.hash,
        salt: this.options.chain.salt,
        capped,
        plays: [...this.plays.values()].map(publicPlay),
      },
    });
  }

  /** Places a bet on the round now taking bets. */
  async placeBet(
    bet: { userId: string; stake: number; autoCashOut: number | null },
    trx?: Kysely<Database>,
  ): Promise<CrashReply> {
    if (this.phase !== "betting" || this.options.now() >= this.startsAt)
      return crashFailure("crash/betting_closed");
    if (this.plays.has(bet.userId)) return crashFailure("crash/already_bet");
    const number = this.number;
    const play: Play = {
      betId: "",
      userId: bet.userId,
      username: "",
      stake: bet.stake,
      autoCashOut: bet.autoCashOut,
      cashedOutAt: null,
      payout: 0,
      status: "placing",
    };
    this.plays.set(bet.userId, play);
    const placing = (async (): Promise<CrashReply> => {
      if (await this.options.isPaused?.(trx)) return crashFailure("casino/maintenance");
      const username = (await this.options.usernameOf?.(bet.userId, trx)) ?? bet.userId.slice(-8);
      const result = await openCrashBet(
        this.options.handle,
        {
          userId: bet.userId,
          currency: this.currency,
          stake: bet.stake,
          round: number,
          autoCashOut: bet.autoCashOut,
        },
        trx,
      );
      if (!result.ok) return failureOf(result.code, result.message);
      play.betId = result.round.id;
      play.username = username;
      return { ok: true, play: publicPlay(play), balances: result.balances, round: result.round };
    })();
    const reply = await this.track(placing).catch((error: unknown) => {
      this.plays.delete(bet.userId);
      throw error;
    });
    if (!reply.ok) {
      this.plays.delete(bet.userId);
      return reply;
    }
    play.status = "playing";
    this.openStake += play.stake;
    this.changed.set(play.userId, publicPlay(play));
    return reply;
  }

  /** Cashes the player out at the multiplier the server's clock gives now (never past the crash). */
  async cashOut(userId: string, trx?: Kysely<Database>): Promise<CrashReply> {
    const arrival = this.options.now();
    const play = this.plays.get(userId);
    if (this.phase === "crashed") return play ? crashFailure("crash/crashed") : crashFailure("crash/no_bet");
    if (!play || play.status === "placing") return crashFailure("crash/no_bet");
    if (this.phase !== "flying") return crashFailure("crash/not_flying");
    if (play.status !== "playing") return crashFailure("crash/no_bet");
    const elapsed = arrival - this.startedAt;
    if (elapsed >= crashTimeOf(this.crashPoint)) return crashFailure("crash/crashed");
    let at = multiplierAt(elapsed);
    if (play.autoCashOut !== null && play.autoCashOut < at) at = play.autoCashOut;
    if (at > this.capPoint) at = this.capPoint;
    return this.track(this.cashOutPlay(play, at, trx));
  }

  /** Settles a play as cashed out at `at` and moves the cap point with what it won. */
  private cashOutPlay(play: Play, at: number, trx?: Kysely<Database>): Promise<CrashReply> {
    play.status = "cashing";
    play.cashedOutAt = at;
    play.payout = cashOutPayout(play.stake, at);
    this.openStake -= play.stake;
    this.won += play.payout - play.stake;
    if (this.phase === "flying") this.capPoint = capPointOf(this.cap, this.won, this.openStake);
    this.changed.set(play.userId, publicPlay(play));
    return this.settle(play, cashedOutAt(this.number, at), trx);
  }

  /** Writes a play's settlement through the round service. */
  private async settle(
    play: Play,
    how: Parameters<typeof settleCrashBet>[3],
    trx?: Kysely<Database>,
  ): Promise<CrashReply> {
    const result = await settleCrashBet(this.options.handle, play.userId, this.number, how, trx);
    play.status = "done";
    if (!result.ok) {
      this.options.log?.(`crash settlement of ${play.betId} refused: ${result.code}`, undefined);
      return failureOf(result.code, result.message);
    }
    if (!trx) this.options.observe?.(result.round);
    return { ok: true, play: publicPlay(play), balances: result.balances, round: result.round };
  }

  /** Stops for good when a fenced write found the round taken over by a newer host. */
  private requireFence(updated: bigint | undefined): void {
    if (Number(updated ?? 0n) === 1) return;
    this.fenced = true;
    clearInterval(this.timer);
    this.timer = undefined;
    throw new Error(`crash ${this.currency}: round ${this.number} belongs to a newer host`);
  }

  /** Keeps a write in `pending` until it ends (the flight start and the crash wait for them). */
  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    const done = () => this.pending.delete(work);
    work.then(done, done);
    return work;
  }

  /** Sends the bets and cash-outs gathered since the last frame, at most one frame per 100 ms. */
  private flushEvents(now: number, force = false): void {
    if (this.changed.size === 0) return;
    if (!force && now - this.lastEventsAt < CRASH_EVENTS_FRAME_MS) return;
    this.lastEventsAt = now;
    const plays = [...this.changed.values()];
    this.changed = new Map();
    this.emit({ type: "events", body: { number: this.number, plays } });
  }

  /** Sends a frame to every listener. */
  private emit(frame: CrashFrame): void {
    for (const listener of this.listeners) listener(frame);
  }
}

/** A play as everyone sees it. */
function publicPlay(play: Play): CrashPlay {
  return {
    betId: play.betId,
    username: play.username,
    stake: play.stake,
    autoCashOut: play.autoCashOut,
    cashedOutAt: play.cashedOutAt,
    payout: play.payout,
  };
}
