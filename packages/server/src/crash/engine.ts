/**
 * One currency's Supernova rounds for the whole casino: betting (5 s), the flight, the crash, a
 * short pause, then the next hash of the chain. The engine keeps the round in memory (round-book.ts)
 * and moves its phases with a step function driven by a timer (or by a test with its own clock):
 * betting.ts opens rounds and writes bets, flight.ts gives the multipliers and marks the round,
 * settlement.ts settles cash-outs (manual, automatic, at the payout cap) and losses (in bulk), and
 * write-batch.ts writes the bets and settlements arriving together in one transaction. The
 * server's clock alone decides a cash-out's multiplier, at the request's arrival, never the
 * batch's commit.
 */
import type { Currency } from "@casino/protocol";
import { crashTimeOf } from "@casino/protocol/games/crash/flight";
import { CRASH_ROUND_PROFIT_CAP } from "@casino/protocol/games/crash/payout";
import type { CrashOwnPlayFrame, CrashResult, CrashRoundFrame } from "@casino/protocol/games/crash/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { cashedOutAt } from "./bets.ts";
import { insertNextRound, writeBet } from "./betting.ts";
import {
  CRASH_EVENTS_FRAME_MS,
  CRASH_PAUSE_MS,
  CRASH_TOTALS_FRAME_MS,
  type CrashEngineOptions,
  type CrashFrame,
  type CrashReply,
  type Play,
  publicPlay,
} from "./engine-types.ts";
import { crashFailure } from "./failures.ts";
import { manualCashOutAt, markCrashed, markFlying, type RoundKey, reachedAt } from "./flight.ts";
import { readRecentResults, settleLeftovers } from "./recovery.ts";
import { RoundBook } from "./round-book.ts";
import { settleLosses, settlePlay } from "./settlement.ts";
import { CrashWriteBatch, FLIGHT_BATCH_WRITES, MAX_BATCH_WRITES } from "./write-batch.ts";

export {
  CRASH_BETTING_MS,
  CRASH_EVENTS_FRAME_MS,
  CRASH_PAUSE_MS,
  type CrashEngineOptions,
  type CrashFrame,
  type CrashReply,
} from "./engine-types.ts";

/** Recent crash points a joining client gets. */
const RECENT_ROUNDS = 20;

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
  private book: RoundBook;
  private pending = new Set<Promise<unknown>>();
  private lastEventsAt = 0;
  private recent: CrashResult[] = [];
  private listeners = new Set<(frame: CrashFrame) => void>();
  private timer: NodeJS.Timeout | undefined;
  private stepping: Promise<void> | undefined;
  private readonly cap: number;
  private readonly options: CrashEngineOptions;
  private readonly epoch: number;
  /** The batches the round's bets and settlements are written in. */
  readonly writes: CrashWriteBatch;
  /** Set once another host took the lease: this engine writes nothing more. */
  fenced = false;

  constructor(options: CrashEngineOptions) {
    this.options = options;
    this.epoch = options.epoch ?? 1;
    this.currency = options.currency;
    this.cap = options.profitCap ?? CRASH_ROUND_PROFIT_CAP[options.currency];
    this.book = new RoundBook(this.cap);
    this.writes = new CrashWriteBatch(
      options.handle,
      { currency: this.currency, epoch: this.epoch },
      () => this.stopFenced(),
      () => (this.phase === "flying" ? FLIGHT_BATCH_WRITES : MAX_BATCH_WRITES),
    );
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
    const capPoint = this.book.capPoint;
    return {
      currency: this.currency,
      number: this.number,
      phase: this.phase === "idle" ? "betting" : this.phase,
      startsAt: this.phase === "betting" ? this.startsAt : this.startedAt,
      serverTime: this.options.now(),
      terminal: this.options.chain.terminal,
      salt: this.options.chain.salt,
      plays: this.book.publicPlays(),
      totals: this.book.totals(),
      recent: [...this.recent],
      capPoint: Number.isFinite(capPoint) ? capPoint : null,
    };
  }

  /** A player's own play in the current round (taken and written), as its `play` frame; undefined without one. */
  ownPlay(userId: string): CrashOwnPlayFrame | undefined {
    const play = this.book.plays.get(userId);
    if (!play || play.status === "placing") return undefined;
    return { number: this.number, play: publicPlay(play) };
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
    const opened = await insertNextRound(this.options, this.epoch, this.options.now());
    this.number = opened.number;
    this.hash = opened.hash;
    this.crashPoint = opened.crashPoint;
    this.startsAt = opened.startsAt;
    this.book = new RoundBook(this.cap);
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

  /** This round's key for fenced writes. */
  private key(): RoundKey {
    return { currency: this.currency, number: this.number, epoch: this.epoch };
  }

  /** Closes the bets (waiting for those being written) and starts the flight. */
  private async startFlight(): Promise<void> {
    this.phase = "flying";
    await Promise.allSettled([...this.pending]);
    this.startedAt = this.options.now();
    this.book.closeBets();
    this.requireFence(await markFlying(this.options.handle, this.key(), this.startedAt));
    this.flushEvents(this.startedAt, true);
    this.emit({
      type: "flight",
      body: { number: this.number, startedAt: this.startedAt, serverTime: this.options.now() },
    });
  }

  /** During the flight: pays reached auto cash-outs, applies the cap, crashes at the crash time. */
  private async fly(now: number): Promise<void> {
    const elapsed = now - this.startedAt;
    const reached = reachedAt(elapsed, this.crashPoint);
    const due = this.book.dueAutoCashOuts(reached, this.crashPoint);
    const autos = due.map((play) => this.track(this.cashOutPlay(play, play.autoCashOut as number)));
    const capPoint = this.book.capPoint;
    if (Number.isFinite(capPoint) && capPoint <= this.crashPoint && reached >= capPoint) {
      for (const play of this.book.stillIn()) this.track(this.cashOutPlay(play, capPoint));
      await this.endFlight(capPoint, true);
      return;
    }
    if (elapsed >= crashTimeOf(this.crashPoint)) await this.endFlight(this.crashPoint, false);
    await Promise.all(autos);
  }

  /** Ends the flight: reveals the hash, settles every bet still in as lost. */
  private async endFlight(endPoint: number, capped: boolean): Promise<void> {
    this.phase = "crashed";
    this.endsAt = this.options.now();
    this.requireFence(
      await markCrashed(this.options.handle, this.key(), {
        endedAt: this.endsAt,
        crashPoint: this.crashPoint,
        endPoint,
        hash: this.hash,
      }),
    );
    this.track(settleLosses(this.options, this.writes, this.number, this.book.stillIn(), this.crashPoint));
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
        totals: this.book.totals(),
        plays: this.book.publicPlays(),
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
    const book = this.book;
    if (book.plays.has(bet.userId)) return crashFailure("crash/already_bet");
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
    book.plays.set(bet.userId, play);
    const written = await this.track(
      writeBet(this.options, this.writes, { ...bet, round: this.number }, trx),
    ).catch((error: unknown) => {
      book.plays.delete(bet.userId);
      throw error;
    });
    if (!written.ok) {
      book.plays.delete(bet.userId);
      return written;
    }
    const { username, result } = written;
    play.betId = result.round.id;
    play.username = username;
    book.admit(play);
    this.tellPlayer(play);
    return { ok: true, play: publicPlay(play), balances: result.balances, round: result.round };
  }

  /** Cashes the player out at the multiplier the server's clock gives now (never past the crash). */
  async cashOut(userId: string, trx?: Kysely<Database>): Promise<CrashReply> {
    const arrival = this.options.now();
    const play = this.book.plays.get(userId);
    if (this.phase === "crashed") return play ? crashFailure("crash/crashed") : crashFailure("crash/no_bet");
    if (!play || play.status === "placing") return crashFailure("crash/no_bet");
    if (this.phase !== "flying") return crashFailure("crash/not_flying");
    if (play.status !== "playing") return crashFailure("crash/no_bet");
    const at = manualCashOutAt(
      arrival - this.startedAt,
      this.crashPoint,
      play.autoCashOut,
      this.book.capPoint,
    );
    if (at === undefined) return crashFailure("crash/crashed");
    return this.track(this.cashOutPlay(play, at, trx));
  }

  /** Settles a play as cashed out at `at` and moves the cap point with what it won. */
  private cashOutPlay(play: Play, at: number, trx?: Kysely<Database>): Promise<CrashReply> {
    this.book.cashOut(play, at, this.phase === "flying");
    this.tellPlayer(play);
    return settlePlay(this.options, this.writes, this.number, play, cashedOutAt(this.number, at), trx);
  }

  /** Stops for good when a fenced write found the round taken over by a newer host. */
  private requireFence(updated: bigint | undefined): void {
    if (Number(updated ?? 0n) === 1) return;
    this.stopFenced();
    throw new Error(`crash ${this.currency}: round ${this.number} belongs to a newer host`);
  }

  /** Stops the timer for good: a newer host owns the round. */
  private stopFenced(): void {
    this.fenced = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Keeps a write in `pending` until it ends (the flight start and the crash wait for them). */
  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    const done = () => this.pending.delete(work);
    work.then(done, done);
    return work;
  }

  /**
   * Sends the totals and the listed plays changed since the last frame when anything moved: at
   * most one frame per 100 ms while the players list changes, one a second while only the totals do.
   */
  private flushEvents(now: number, force = false): void {
    const since = now - this.lastEventsAt;
    const due = this.book.listChanged() ? CRASH_EVENTS_FRAME_MS : CRASH_TOTALS_FRAME_MS;
    if (!force && since < due) return;
    const plays = this.book.takeChanged();
    if (plays === undefined) return;
    this.lastEventsAt = now;
    this.emit({ type: "events", body: { number: this.number, totals: this.book.totals(), plays } });
  }

  /** Sends a player their own play (taken, cashed out): the shared list may not show it. */
  private tellPlayer(play: Play): void {
    this.emit({ type: "play", userId: play.userId, body: { number: this.number, play: publicPlay(play) } });
  }

  /** Sends a frame to every listener. */
  private emit(frame: CrashFrame): void {
    for (const listener of this.listeners) listener(frame);
  }
}
