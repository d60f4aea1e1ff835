/**
 * One hosted poker table: the commands the REST routes and the `poker_table` room call (join,
 * act, pre-act, sit out, leave, chips, start the hand), each run as a task on the table's queue,
 * and what follows every change (settle a finished hand, remove idle players, adjust bots, set
 * timers, tell listeners).
 */

import type { TableEvent } from "@casino/protocol";
import type { PokerPreAction } from "@casino/protocol/schemas/poker";
import { pokerFailure } from "./failures.ts";
import { settleHandNow, startHandNow } from "./hand-cycle.ts";
import {
  adjustBotsNow,
  buyChipsNow,
  cashOutChipsNow,
  type JoinInput,
  joinNow,
  leaveNow,
  type PokerResult,
  removeIdlePlayersNow,
  setSittingOutNow,
} from "./seating.ts";
import { type ExtraWork, type TableContext, TableCore } from "./table-core.ts";
import type { PokerTableInfo } from "./tables-store.ts";
import { applyActionNow, type PlayerActionType, playPreActionNow, scheduleWork } from "./turns.ts";

export type { PokerResult } from "./seating.ts";

/** A table hosted by this process. */
export class PokerTable extends TableCore {
  private housekeeping: NodeJS.Timeout | undefined;

  constructor(info: PokerTableInfo, ctx: TableContext) {
    super(info, ctx);
    this.afterChange = (events) => this.followChange(events);
    this.housekeeping = setInterval(() => this.spawn(() => this.tidyNow()), ctx.settings.housekeepingMs);
    this.housekeeping.unref();
  }

  /** Sits a player down with a buy-in (or answers with the seat they already have). */
  join(input: JoinInput) {
    return this.run(() => joinNow(this, input));
  }

  /** A betting action of a seated player, in turn. */
  act(playerId: string, type: PlayerActionType, amount?: number): Promise<PokerResult> {
    return this.run(() => {
      const seat = this.seatOf(playerId);
      if (seat === null) return pokerFailure("poker/not_seated");
      return applyActionNow(this, seat, type, amount);
    });
  }

  /** Queues check/fold or call any for the player's next turn (played at once if it is their turn). */
  setPreAction(playerId: string, preAction: PokerPreAction): Promise<PokerResult> {
    return this.run(async () => {
      const seat = this.seatOf(playerId);
      const meta = seat === null ? null : this.meta[seat];
      if (seat === null || !meta) return pokerFailure("poker/not_seated");
      meta.preAction = preAction === "none" ? null : preAction;
      const turn = this.turn;
      if (meta.preAction && turn?.seat === seat) this.spawn(() => playPreActionNow(this, turn.key));
      this.notify([]);
      return { ok: true };
    });
  }

  /** Sits out from the next hand, or comes back. */
  setSittingOut(playerId: string, sittingOut: boolean): Promise<PokerResult> {
    return this.run(() => {
      const seat = this.seatOf(playerId);
      if (seat === null) return pokerFailure("poker/not_seated");
      return setSittingOutNow(this, seat, sittingOut);
    });
  }

  /** Leaves the table (mid-hand: folds, and the stack is paid when the hand ends). */
  leave(playerId: string, extra?: ExtraWork) {
    return this.run(() => {
      const seat = this.seatOf(playerId);
      if (seat === null) return pokerFailure("poker/not_seated");
      return leaveNow(this, seat, extra);
    });
  }

  /** Buys chips (AMINA tables) between hands. */
  buyChips(playerId: string, chips: number, extra?: ExtraWork) {
    return this.run(() => {
      const seat = this.seatOf(playerId);
      if (seat === null) return pokerFailure("poker/not_seated");
      return buyChipsNow(this, seat, chips, extra);
    });
  }

  /** Cashes chips out between hands. */
  cashOutChips(playerId: string, chips: number, extra?: ExtraWork) {
    return this.run(() => {
      const seat = this.seatOf(playerId);
      if (seat === null) return pokerFailure("poker/not_seated");
      return cashOutChipsNow(this, seat, chips, extra);
    });
  }

  /** Start Hand: deals now instead of after the automatic wait (a seated player asks). */
  startHand(playerId: string): Promise<PokerResult> {
    return this.run(() => {
      if (this.seatOf(playerId) === null) return pokerFailure("poker/not_seated");
      return startHandNow(this);
    });
  }

  /** Whether the player's browser is connected to the table's room (shown to the others). */
  setConnected(playerId: string, connected: boolean): Promise<void> {
    return this.run(() => {
      const seat = this.seatOf(playerId);
      const meta = seat === null ? null : this.meta[seat];
      if (!meta || meta.connected === connected) return;
      meta.connected = connected;
      this.notify([]);
    });
  }

  /** Stops timers and waits for running work; the caller settles the escrow. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.housekeeping);
    this.timers.clearAll();
    await this.drain();
    this.timers.clearAll();
  }

  private async followChange(events: TableEvent[]): Promise<void> {
    this.recordEvents(events);
    const all = [...events];
    if (events.some((e) => e.type === "hand_ended")) await settleHandNow(this);
    if (!this.isHandLive() && !this.closed) {
      const removed = await removeIdlePlayersNow(this);
      this.recordEvents(removed);
      const bots = await adjustBotsNow(this);
      this.recordEvents(bots);
      all.push(...removed, ...bots);
    }
    scheduleWork(this);
    this.notify(all);
  }

  private async tidyNow(): Promise<void> {
    if (this.closed || this.isHandLive()) return;
    const removed = await removeIdlePlayersNow(this);
    if (removed.length > 0) await this.afterChange(removed);
  }
}
