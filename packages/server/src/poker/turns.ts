/**
 * Whose turn it is and what happens if they wait: each turn has a timer, then the player's time
 * bank, then an automatic check or fold (a fold also sits the player out). A queued pre-action is
 * played at once; a bot answers after a short human-like delay, from its own view only. Player
 * actions from REST and rooms come through applyActionNow. Runs inside a table task.
 */
import {
  applyTableAction,
  chooseHandPositions,
  DEFAULT_BOT_STYLE,
  decideBotAction,
  legalActions,
  playerView,
  type TableAction,
} from "@casino/protocol";
import { isDatabaseBusy } from "../db/busy.ts";
import { engineFailure } from "./failures.ts";
import { advanceRunoutNow, startHandNow } from "./hand-cycle.ts";
import type { PokerResult } from "./seating.ts";
import type { TableCore } from "./table-core.ts";

/** A betting action a player chooses. */
export type PlayerActionType = "fold" | "check" | "call" | "bet" | "raise" | "all_in";

/** Plays a seat's action now (in turn); the time bank spent is charged and any pre-action cleared. */
export async function applyActionNow(
  table: TableCore,
  seat: number,
  type: PlayerActionType | "timeout",
  amount?: number,
): Promise<PokerResult> {
  const now = table.now();
  const action: TableAction =
    type === "bet" || type === "raise" ? { type, seat, amount: amount ?? 0, now } : { type, seat, now };
  const result = applyTableAction(table.state, action);
  if ("error" in result) return engineFailure(result.error);
  const meta = table.meta[seat];
  const turn = table.turn;
  if (meta && turn?.seat === seat && turn.usingTimeBank)
    meta.timeBank = Math.max(0, meta.timeBank - (now - turn.bankStartedAt));
  if (meta) meta.preAction = null;
  table.state = result.state;
  await table.afterChange(result.events);
  return { ok: true };
}

/** After every change: timers for the turn, the runout and the next hand. */
export function scheduleWork(table: TableCore): void {
  if (table.closed) return;
  const { settings } = table.ctx;
  const hand = table.state.hand;
  const live = hand && !hand.ended ? hand : null;
  if (live?.runoutPending && live.toAct === null) {
    if (!table.timers.has("runout"))
      table.timers.set("runout", settings.runoutDelayMs, () => table.spawn(() => advanceRunoutNow(table)));
  } else table.timers.clear("runout");

  if (live && live.toAct !== null && table.live) {
    const key = `${live.handNumber}:${table.live.turnEvents}`;
    if (table.turn?.key !== key) beginTurn(table, key, live.toAct);
  } else {
    table.turn = null;
    table.timers.clear("turn");
    table.timers.clear("bot");
  }

  if (!live && !table.halted && chooseHandPositions(table.state)) {
    if (!table.timers.has("start")) {
      const delay = settings.autoStartDelayMs;
      table.nextHandAt = table.now() + delay;
      table.timers.set("start", delay, () => table.spawn(() => autoStartNow(table)));
    }
  } else {
    table.timers.clear("start");
    table.nextHandAt = 0;
  }
}

/** The automatic start; in maintenance mode it tries again later. */
async function autoStartNow(table: TableCore): Promise<void> {
  table.nextHandAt = 0;
  let started: Awaited<ReturnType<typeof startHandNow>>;
  try {
    started = await startHandNow(table);
  } catch (error) {
    // A busy database stored no hand, so none started: try again after the usual delay.
    if (!isDatabaseBusy(error)) throw error;
    table.commitment = "";
    table.notify([]);
    scheduleWork(table);
    return;
  }
  if (!started.ok && started.code === "casino/maintenance") {
    table.notify([]);
    scheduleWork(table);
  }
}

function beginTurn(table: TableCore, key: string, seat: number): void {
  const { settings } = table.ctx;
  table.turn = {
    key,
    seat,
    deadline: table.now() + settings.actionTimeoutMs,
    usingTimeBank: false,
    bankStartedAt: 0,
  };
  table.timers.clear("bot");
  table.timers.set("turn", settings.actionTimeoutMs, () => table.spawn(() => onTurnTimeoutNow(table, key)));
  const meta = table.meta[seat];
  if (meta?.preAction) {
    table.spawn(() => playPreActionNow(table, key));
  } else if (meta?.isBot) {
    const [min, max] = settings.botDelayMs;
    const delay = min + Math.floor(settings.random() * Math.max(0, max - min));
    table.timers.set("bot", delay, () => table.spawn(() => playBotNow(table, key)));
  }
}

/** The turn's time ran out: start the time bank, or check/fold for the player. */
async function onTurnTimeoutNow(table: TableCore, key: string): Promise<void> {
  const turn = table.turn;
  if (!turn || turn.key !== key) return;
  const meta = table.meta[turn.seat];
  const now = table.now();
  if (!turn.usingTimeBank && meta && !meta.isBot && meta.timeBank > 0) {
    turn.usingTimeBank = true;
    turn.bankStartedAt = now;
    turn.deadline = now + meta.timeBank;
    table.timers.set("turn", meta.timeBank, () => table.spawn(() => onTurnTimeoutNow(table, key)));
    table.notify([]);
    return;
  }
  if (meta && turn.usingTimeBank) meta.timeBank = 0;
  const seat = turn.seat;
  const deadline = table.state.hand?.actionDeadline ?? 0;
  const result = applyTableAction(table.state, { type: "timeout", seat, now: Math.max(now, deadline) });
  if ("error" in result) {
    table.ctx.log.warn({ tableId: table.info.id, code: result.error.code }, "poker timeout refused");
    return;
  }
  table.state = result.state;
  const events = [...result.events];
  const folded = events.some((e) => e.type === "action_taken" && e.seat === seat && e.action === "fold");
  const player = table.state.seats[seat];
  if (folded && player && !player.sittingOut) {
    const out = applyTableAction(table.state, { type: "sit_out", seat, sittingOut: true, now });
    if (!("error" in out)) {
      table.state = out.state;
      events.push(...out.events);
      if (meta) meta.sitOutSince = now;
    }
  }
  await table.afterChange(events);
}

/** Plays a queued pre-action: check/fold checks when it can, call any calls (or checks). */
export async function playPreActionNow(table: TableCore, key: string): Promise<void> {
  const turn = table.turn;
  if (!turn || turn.key !== key) return;
  const meta = table.meta[turn.seat];
  const pre = meta?.preAction;
  if (!meta || !pre) return;
  meta.preAction = null;
  const legal = legalActions(table.state, turn.seat);
  const type: PlayerActionType =
    pre === "check_fold"
      ? legal.canCheck
        ? "check"
        : "fold"
      : legal.canCall
        ? "call"
        : legal.canCheck
          ? "check"
          : "fold";
  await applyActionNow(table, turn.seat, type);
}

/** A bot's turn: its decision from its own view and the legal moves. */
async function playBotNow(table: TableCore, key: string): Promise<void> {
  const turn = table.turn;
  if (!turn || turn.key !== key) return;
  const { settings } = table.ctx;
  const seat = turn.seat;
  const legal = legalActions(table.state, seat);
  const decided = decideBotAction(playerView(table.state, seat), legal, settings.random, {
    ...DEFAULT_BOT_STYLE,
    equityTrials: settings.botEquityTrials,
  });
  const type = decided.type as PlayerActionType;
  const amount = "amount" in decided ? decided.amount : undefined;
  const played = await applyActionNow(table, seat, type, amount);
  if (!played.ok) await applyActionNow(table, seat, legal.canCheck ? "check" : "fold");
}
