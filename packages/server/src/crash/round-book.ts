/**
 * The plays of one round in memory and its money: what is staked and still in, what players have
 * won so far, and the cap point the round's payout cap gives (moved by every cash-out during the
 * flight). It also keeps what every watcher is shown: the round's totals and the bounded players
 * list (the largest stakes, listed-plays.ts), with the listed plays changed since the last frame.
 */
import { CRASH_LISTED_PLAYS, compareListedPlays } from "@casino/protocol/games/crash/listed-plays";
import { capPointOf, cashOutPayout } from "@casino/protocol/games/crash/payout";
import type { CrashPlay, CrashTotals } from "@casino/protocol/games/crash/schemas";
import { type Play, publicPlay } from "./engine-types.ts";

/** One round's plays and payout cap. */
export class RoundBook {
  /** Plays by user id. */
  plays = new Map<string, Play>();
  /** The multiplier at which the round's cap on players' net win is reached (hundredths). */
  capPoint = Number.POSITIVE_INFINITY;
  /** The players list, in its order (at most CRASH_LISTED_PLAYS). */
  private listed: Play[] = [];
  /** Listed plays changed since the last frame, by user id. */
  private changed = new Map<string, Play>();
  /** Whether the totals moved since the last frame. */
  private moved = false;
  private counts: CrashTotals = { players: 0, staked: 0, paidOut: 0, cashedOut: 0 };
  private won = 0;
  private openStake = 0;
  private readonly cap: number;

  constructor(cap: number) {
    this.cap = cap;
  }

  /** Fixes the cap point from the stakes taken (the flight starts). */
  closeBets(): void {
    this.capPoint = capPointOf(this.cap, this.won, this.openStake);
  }

  /** A bet written: the play is in the flight, in the totals and, among the largest stakes, listed. */
  admit(play: Play): void {
    play.status = "playing";
    this.openStake += play.stake;
    this.counts.players += 1;
    this.counts.staked += play.stake;
    this.moved = true;
    this.list(play);
  }

  /** Records a cash-out at `at` (its payout, the money won, the cap point while `flying`). */
  cashOut(play: Play, at: number, flying: boolean): void {
    play.status = "cashing";
    play.cashedOutAt = at;
    play.payout = cashOutPayout(play.stake, at);
    this.openStake -= play.stake;
    this.won += play.payout - play.stake;
    if (flying) this.capPoint = capPointOf(this.cap, this.won, this.openStake);
    this.counts.paidOut += play.payout;
    this.counts.cashedOut += 1;
    this.moved = true;
    if (this.listed.includes(play)) this.changed.set(play.userId, play);
  }

  /** The plays still in the flight. */
  stillIn(): Play[] {
    return [...this.plays.values()].filter((p) => p.status === "playing");
  }

  /** Auto cash-outs at or below both the multiplier reached and the crash point, below the cap point, lowest first. */
  dueAutoCashOuts(reached: number, crashPoint: number): Play[] {
    return this.stillIn()
      .filter((p) => p.autoCashOut !== null && p.autoCashOut <= reached)
      .filter((p) => (p.autoCashOut as number) <= crashPoint && (p.autoCashOut as number) < this.capPoint)
      .sort((a, b) => (a.autoCashOut as number) - (b.autoCashOut as number));
  }

  /** The round's totals. */
  totals(): CrashTotals {
    return { ...this.counts };
  }

  /** The players list as everyone sees it. */
  publicPlays(): CrashPlay[] {
    return this.listed.map(publicPlay);
  }

  /** Whether a listed play changed since the last frame. */
  listChanged(): boolean {
    return this.changed.size > 0;
  }

  /**
   * What moved since the last call: the listed plays changed (at most the list's length), or
   * undefined when neither they nor the totals moved.
   */
  takeChanged(): CrashPlay[] | undefined {
    if (!this.moved && this.changed.size === 0) return undefined;
    const plays = [...this.changed.values()].map(publicPlay);
    this.changed = new Map();
    this.moved = false;
    return plays;
  }

  /** Puts an admitted play in the list when its stake ranks among the largest, dropping the last. */
  private list(play: Play): void {
    const last = this.listed.at(-1);
    if (this.listed.length >= CRASH_LISTED_PLAYS && last && compareListedPlays(play, last) >= 0) return;
    let at = this.listed.length;
    while (at > 0 && compareListedPlays(play, this.listed[at - 1] as Play) < 0) at--;
    this.listed.splice(at, 0, play);
    this.changed.set(play.userId, play);
    if (this.listed.length > CRASH_LISTED_PLAYS) {
      const dropped = this.listed.pop() as Play;
      this.changed.delete(dropped.userId);
    }
  }
}
