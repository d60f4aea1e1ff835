/**
 * The table's timers after every change: the turn's clock (then the time bank), a queued
 * pre-action or a bot's answer after a short human-like delay, the streets of an all-in runout and
 * the next hand's automatic start. Each timer runs its command through the orchestrator, which
 * hands itself in as `run` (it calls these functions, so they cannot import it).
 */
import { chooseHandPositions } from "@casino/protocol";
import { startTurn, type Turn } from "@casino/protocol/poker/table/turn-clock";
import { drawBotDelay } from "@casino/protocol/poker/table/turn-moves";
import { isDatabaseBusy } from "../db/busy.ts";
import { startHandNow } from "./hand-cycle.ts";
import type { TableCore } from "./table-core.ts";

/** The commands a table's timers run. */
export type TimerCommand =
  | { type: "turn_timeout" | "turn_pre_action" | "turn_bot"; turnKey: string }
  | { type: "runout" };

/** Runs a timer's command on its table (the orchestrator's runCommand). */
export type RunTimerCommand = (table: TableCore, command: TimerCommand) => Promise<unknown>;

/** After every change: timers for the turn, the runout and the next hand. */
export function scheduleWork(table: TableCore, run: RunTimerCommand): void {
  if (table.closed) return;
  const { settings } = table.ctx;
  const hand = table.state.hand;
  const live = hand && !hand.ended ? hand : null;
  if (live?.runoutPending && live.toAct === null) {
    if (!table.timers.has("runout"))
      table.timers.set("runout", settings.runoutDelayMs, () =>
        table.spawn(() => run(table, { type: "runout" })),
      );
  } else table.timers.clear("runout");

  if (live && live.toAct !== null && table.live) {
    const key = `${live.handNumber}:${table.live.turnEvents}`;
    if (table.turn?.key !== key) beginTurn(table, key, live.toAct, run);
  } else {
    table.turn = null;
    table.timers.clear("turn");
    table.timers.clear("bot");
  }

  if (!live && !table.halted && chooseHandPositions(table.state)) {
    if (!table.timers.has("start")) {
      const delay = settings.autoStartDelayMs;
      table.nextHandAt = table.now() + delay;
      table.timers.set("start", delay, () => table.spawn(() => autoStartNow(table, run)));
    }
  } else {
    table.timers.clear("start");
    table.nextHandAt = 0;
  }
}

/** Sets the turn's clock (`ms` from now): when it runs out, the orchestrator times the turn out. */
export function setTurnTimer(table: TableCore, turn: Turn, ms: number, run: RunTimerCommand): void {
  table.timers.set("turn", ms, () =>
    table.spawn(() => run(table, { type: "turn_timeout", turnKey: turn.key })),
  );
}

/** The automatic start; in maintenance mode it tries again later. */
async function autoStartNow(table: TableCore, run: RunTimerCommand): Promise<void> {
  table.nextHandAt = 0;
  let started: Awaited<ReturnType<typeof startHandNow>>;
  try {
    started = await startHandNow(table);
  } catch (error) {
    // A busy database stored no hand, so none started: try again after the usual delay.
    if (!isDatabaseBusy(error)) throw error;
    table.commitment = "";
    table.notify([]);
    scheduleWork(table, run);
    return;
  }
  if (!started.ok && started.code === "casino/maintenance") {
    table.notify([]);
    scheduleWork(table, run);
  }
}

function beginTurn(table: TableCore, key: string, seat: number, run: RunTimerCommand): void {
  const { settings } = table.ctx;
  const turn = startTurn(key, seat, table.now(), settings.actionTimeoutMs);
  table.turn = turn;
  table.timers.clear("bot");
  setTurnTimer(table, turn, settings.actionTimeoutMs, run);
  const meta = table.meta[seat];
  if (meta?.preAction || table.isBlindedAway(seat)) {
    table.spawn(() => run(table, { type: "turn_pre_action", turnKey: key }));
  } else if (meta?.isBot) {
    const delay = drawBotDelay(settings.botDelayMs, settings.random);
    table.timers.set("bot", delay, () => table.spawn(() => run(table, { type: "turn_bot", turnKey: key })));
  }
}
