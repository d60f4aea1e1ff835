/**
 * The plays of one round in memory and its money: what is staked and still in, what players have
 * won so far, and the cap point the round's payout cap gives (moved by every cash-out during the
 * flight), with the plays changed since the last frame.
 */
import { capPointOf, cashOutPayout } from "@casino/protocol/games/crash/payout";
import type { CrashPlay } from "@casino/protocol/games/crash/schemas";
import { type Play, publicPlay } from "./engine-types.ts";

/** One round's plays and payout cap. */
export class RoundBook {
  /** Plays by user id. */
  plays = new Map<string, Play>();
  /** The multiplier at which the round's cap on players' net win is reached (hundredths). */
  capPoint = Number.POSITIVE_INFINITY;
  private changed = new Map<string, CrashPlay>();
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

  /** A bet written: the play is in the flight and in the next frame. */
  admit(play: Play): void {
    play.status = "playing";
    this.openStake += play.stake;
    this.changed.set(play.userId, publicPlay(play));
  }

  /** Records a cash-out at `at` (its payout, the money won, the cap point while `flying`). */
  cashOut(play: Play, at: number, flying: boolean): void {
    play.status = "cashing";
    play.cashedOutAt = at;
    play.payout = cashOutPayout(play.stake, at);
    this.openStake -= play.stake;
    this.won += play.payout - play.stake;
    if (flying) this.capPoint = capPointOf(this.cap, this.won, this.openStake);
    this.changed.set(play.userId, publicPlay(play));
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

  /** Every play as everyone sees it. */
  publicPlays(): CrashPlay[] {
    return [...this.plays.values()].map(publicPlay);
  }

  /** The plays changed since the last call (none: an empty list). */
  takeChanged(): CrashPlay[] {
    if (this.changed.size === 0) return [];
    const plays = [...this.changed.values()];
    this.changed = new Map();
    return plays;
  }
}
