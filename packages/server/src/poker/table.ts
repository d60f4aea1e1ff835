/**
 * One hosted poker table: the commands the REST routes and the `poker_table` room call (join,
 * act, pre-act, sit out, leave, chips, start the hand), each run as a task on the table's queue
 * through the orchestrator, and the housekeeping that removes idle players.
 */

import type { PlayerMove } from "@casino/protocol/poker/table/turn-moves";
import type { PokerPreAction } from "@casino/protocol/schemas/poker";
import { followChange, runCommand } from "./orchestrator.ts";
import type { JoinInput } from "./seat-steps.ts";
import { type ExtraWork, type TableContext, TableCore } from "./table-core.ts";
import type { PokerResult } from "./table-step.ts";
import type { PokerTableInfo } from "./tables-store.ts";

export type { PokerResult } from "./table-step.ts";

/** A betting action a player chooses. */
export type PlayerActionType = PlayerMove["type"];

/** A table hosted by this process. */
export class PokerTable extends TableCore {
  private housekeeping: NodeJS.Timeout | undefined;

  constructor(info: PokerTableInfo, ctx: TableContext) {
    super(info, ctx);
    this.afterChange = (events) => followChange(this, events);
    this.housekeeping = setInterval(
      () => this.spawn(() => runCommand(this, { type: "tidy" })),
      ctx.settings.housekeepingMs,
    );
    this.housekeeping.unref();
  }

  /** Sits a player down with a buy-in (or answers with the seat they already have). */
  join(input: JoinInput) {
    return this.run(() => runCommand(this, { type: "join", input }));
  }

  /**
   * A betting action of a seated player, in turn; `version` is the table version the player acted
   * on (an older one is refused as stale).
   */
  act(playerId: string, version: number, type: PlayerActionType, amount?: number): Promise<PokerResult> {
    const move = (
      type === "bet" || type === "raise" ? { type, amount: amount ?? 0 } : { type }
    ) as PlayerMove;
    return this.run(() => runCommand(this, { type: "act", playerId, move, version }));
  }

  /** Queues check/fold or call any for the player's next turn (played at once if it is their turn). */
  setPreAction(playerId: string, preAction: PokerPreAction): Promise<PokerResult> {
    return this.run(() => runCommand(this, { type: "pre_action", playerId, preAction }));
  }

  /** Sits out from the next hand, or comes back. */
  setSittingOut(playerId: string, sittingOut: boolean): Promise<PokerResult> {
    return this.run(() => runCommand(this, { type: "sit_out", playerId, sittingOut }));
  }

  /** Leaves the table (mid-hand: folds, and the stack is paid when the hand ends). */
  leave(playerId: string, extra?: ExtraWork) {
    return this.run(() => runCommand(this, { type: "leave", playerId, extra }));
  }

  /** Buys chips (AMINA tables) between hands. */
  buyChips(playerId: string, chips: number, extra?: ExtraWork) {
    return this.run(() => runCommand(this, { type: "buy_chips", playerId, chips, extra }));
  }

  /** Cashes chips out between hands. */
  cashOutChips(playerId: string, chips: number, extra?: ExtraWork) {
    return this.run(() => runCommand(this, { type: "cash_out", playerId, chips, extra }));
  }

  /** Start Hand: deals now instead of after the automatic wait (a seated player asks). */
  startHand(playerId: string): Promise<PokerResult> {
    return this.run(() => runCommand(this, { type: "start_hand", playerId }));
  }

  /** Whether the player's browser is connected to the table's room (shown to the others). */
  async setConnected(playerId: string, connected: boolean): Promise<void> {
    await this.run(() => runCommand(this, { type: "connected", playerId, connected }));
  }

  /** Stops timers and waits for running work; the caller settles the escrow. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.housekeeping);
    this.timers.clearAll();
    await this.drain();
    this.timers.clearAll();
  }
}
