/**
 * The one place a poker command runs, for every source (REST, room messages, timers, bots): find
 * the player's seat, check the command against the table (a stale betting action is refused),
 * plan the step with the protocol's rules, store its money move, commit it, then follow the
 * change (settle a finished hand, remove idle players, adjust bots, set the timers) and tell the
 * rooms and the lobby. Runs inside a table task (see TableCore.run).
 */
import { applyTableAction, legalActions, type TableAction, type TableEvent } from "@casino/protocol";
import { findIdleSeats, markSittingOut, refuseStaleAction } from "@casino/protocol/poker/table/seat-rules";
import { applyTimeout, chargeTimeBank, expireTurn } from "@casino/protocol/poker/table/turn-clock";
import {
  chooseBotMove,
  choosePassiveMove,
  choosePreActionMove,
  type PlayerMove,
} from "@casino/protocol/poker/table/turn-moves";
import type { PokerPreAction } from "@casino/protocol/schemas/poker";
import { engineFailure, type PokerFailure, pokerFailure } from "./failures.ts";
import { advanceRunoutNow, settleHandNow, startHandNow } from "./hand-cycle.ts";
import {
  type JoinInput,
  planAdjustBots,
  planBuyChips,
  planCashOut,
  planJoin,
  planLeave,
  planRemoveSeats,
} from "./seat-steps.ts";
import type { ExtraWork, TableCore } from "./table-core.ts";
import type { PokerResult, TableStep } from "./table-step.ts";
import { scheduleWork, setTurnTimer, type TimerCommand } from "./turn-timers.ts";

/** A player's command, by who sends it. */
type PlayerCommand =
  | { type: "act"; move: PlayerMove; version: number }
  | { type: "pre_action"; preAction: PokerPreAction }
  | { type: "sit_out"; sittingOut: boolean }
  | { type: "leave"; extra?: ExtraWork | undefined }
  | { type: "buy_chips" | "cash_out"; chips: number; extra?: ExtraWork | undefined }
  | { type: "start_hand" }
  | { type: "connected"; connected: boolean };

/** Every command a table runs: a seated player's, or the table's own on a timer. */
export type TableCommand =
  | ({ playerId: string } & PlayerCommand)
  | { type: "join"; input: JoinInput }
  | TimerCommand
  | { type: "tidy" };

/** What each command answers on success. */
export interface CommandAnswers {
  join: { seat: number; stack: number; alreadySeated: boolean };
  leave: { pending: boolean; chips: number };
  buy_chips: { stack: number };
  cash_out: { stack: number };
}

/** The answer of a command type. */
export type CommandAnswer<K extends TableCommand["type"]> = K extends keyof CommandAnswers
  ? CommandAnswers[K]
  : object;

/** Runs one command on a table (inside its task queue) and answers the caller. */
export function runCommand<C extends TableCommand>(
  table: TableCore,
  command: C,
): Promise<PokerResult<CommandAnswer<C["type"]>>> {
  return dispatch(table, command) as Promise<PokerResult<CommandAnswer<C["type"]>>>;
}

async function dispatch(table: TableCore, command: TableCommand): Promise<PokerResult<object>> {
  switch (command.type) {
    case "join":
      return join(table, command.input);
    case "turn_timeout":
      return timeOutTurn(table, command.turnKey);
    case "turn_pre_action":
      return playTurn(table, command.turnKey, false, (seat) => {
        const meta = table.meta[seat];
        const pre = meta?.preAction ?? (table.isBlindedAway(seat) ? "check_fold" : null);
        if (!meta || !pre) return null;
        meta.preAction = null;
        return choosePreActionMove(pre, legalActions(table.state, seat));
      });
    case "turn_bot": {
      const { random, botEquityTrials } = table.ctx.settings;
      return playTurn(table, command.turnKey, true, (seat) =>
        chooseBotMove(table.state, seat, random, botEquityTrials),
      );
    }
    case "runout":
      await advanceRunoutNow(table);
      return { ok: true };
    case "tidy":
      return tidy(table);
    default:
      return runPlayerCommand(table, command);
  }
}

/** A seated player's command: the seat is found first (not seated: refused). */
async function runPlayerCommand(
  table: TableCore,
  command: { playerId: string } & PlayerCommand,
): Promise<PokerResult<object>> {
  const seat = table.seatOf(command.playerId);
  const meta = seat === null ? null : table.meta[seat];
  if (command.type === "connected") {
    if (!meta || meta.connected === command.connected) return { ok: true };
    // Table facts only: the engine state and its version stay.
    meta.connected = command.connected;
    table.notify([]);
    return { ok: true };
  }
  if (seat === null || !meta) return pokerFailure("poker/not_seated");
  if (table.tournament && TOURNAMENT_REFUSED.has(command.type)) return refuseAtTournament();
  switch (command.type) {
    case "act": {
      const stale = refuseStaleAction(table.state, command.version);
      if (stale) return engineFailure(stale.error);
      return playMove(table, seat, command.move);
    }
    case "pre_action": {
      const preAction = command.preAction === "none" ? null : command.preAction;
      meta.preAction = preAction;
      const turn = table.turn;
      if (preAction && turn?.seat === seat)
        table.spawn(() => runCommand(table, { type: "turn_pre_action", turnKey: turn.key }));
      table.notify([]);
      return { ok: true };
    }
    case "sit_out": {
      const now = table.now();
      const action = { type: "sit_out" as const, seat, sittingOut: command.sittingOut, now };
      const result = applyTableAction(table.state, action);
      if ("error" in result) return engineFailure(result.error);
      return apply(table, {
        ...result,
        answer: {},
        commit: () => {
          table.meta[seat] = markSittingOut(meta, command.sittingOut, now);
        },
      });
    }
    case "leave":
      return applyPlanned(table, planLeave(table, seat, command.extra));
    case "buy_chips":
      return applyPlanned(table, planBuyChips(table, seat, command.chips, command.extra));
    case "cash_out":
      return applyPlanned(table, planCashOut(table, seat, command.chips, command.extra));
    case "start_hand":
      return startHandNow(table);
  }
}

/** Tournament chips are not money: no seats bought, no leaving, no chips in or out (players bust or win). */
const TOURNAMENT_REFUSED = new Set<string>(["leave", "buy_chips", "cash_out"]);

function refuseAtTournament(): PokerFailure {
  const message =
    "Tournament chips stay on the table until you are out: no joining, leaving, rebuys or cash-outs";
  return { ok: false, code: "tournament/table_rules", message, status: 409 };
}

/** Seats a player (or answers with the seat they already have). */
function join(
  table: TableCore,
  input: JoinInput,
): Promise<PokerResult<object>> | PokerResult<CommandAnswers["join"]> {
  if (table.closed) return pokerFailure("poker/table_closing");
  if (table.tournament) return refuseAtTournament();
  const existing = table.seatOf(input.userId);
  if (existing !== null)
    return { ok: true, seat: existing, stack: table.state.seats[existing]!.stack, alreadySeated: true };
  return applyPlanned(table, planJoin(table, input));
}

/** Plays a seat's betting move now (in turn); the time bank spent is charged and any pre-action cleared. */
function playMove(
  table: TableCore,
  seat: number,
  move: PlayerMove,
): Promise<PokerResult<object>> | PokerFailure {
  const now = table.now();
  const action = { ...move, seat, now } as TableAction;
  const result = applyTableAction(table.state, action);
  if ("error" in result) return engineFailure(result.error);
  const turn = table.turn;
  return apply(table, {
    ...result,
    answer: {},
    commit: () => {
      const meta = table.meta[seat];
      if (!meta) return;
      meta.timeBank = chargeTimeBank(meta.timeBank, turn, seat, now);
      meta.preAction = null;
    },
  });
}

/** The table's move for the seat whose turn `turnKey` still is (a pre-action, or a bot that falls back to check/fold). */
async function playTurn(
  table: TableCore,
  turnKey: string,
  fallBack: boolean,
  choose: (seat: number) => PlayerMove | null,
): Promise<PokerResult<object>> {
  const turn = table.turn;
  if (!turn || turn.key !== turnKey) return { ok: true };
  const move = choose(turn.seat);
  if (!move) return { ok: true };
  const played = await playMove(table, turn.seat, move);
  if (played.ok || !fallBack) return played;
  return playMove(table, turn.seat, choosePassiveMove(table.state, turn.seat));
}

/** The turn's time ran out: start the time bank, or check/fold for the player (a fold sits out). */
async function timeOutTurn(table: TableCore, turnKey: string): Promise<PokerResult<object>> {
  const turn = table.turn;
  if (!turn || turn.key !== turnKey) return { ok: true };
  const meta = table.meta[turn.seat] ?? null;
  const now = table.now();
  const expiry = expireTurn(turn, meta, now);
  if (expiry.kind === "time_bank") {
    table.turn = expiry.turn;
    setTurnTimer(table, expiry.turn, meta?.timeBank ?? 0, runCommand);
    table.notify([]);
    return { ok: true };
  }
  if (meta && turn.usingTimeBank) meta.timeBank = 0;
  const result = applyTimeout(table.state, turn.seat, now);
  if ("error" in result) {
    table.ctx.log.warn({ tableId: table.info.id, code: result.error.code }, "poker timeout refused");
    return engineFailure(result.error);
  }
  return apply(table, {
    state: result.state,
    events: result.events,
    answer: {},
    commit: () => {
      if (meta && result.satOut) meta.sitOutSince = now;
    },
  });
}

/** The housekeeping round between hands: players idle too long are removed. */
async function tidy(table: TableCore): Promise<PokerResult<object>> {
  if (table.closed || table.isHandLive()) return { ok: true };
  const removed = await removeIdlePlayers(table);
  if (removed.length > 0) await table.afterChange(removed);
  return { ok: true };
}

async function removeIdlePlayers(table: TableCore): Promise<TableEvent[]> {
  if (table.isHandLive() || table.tournament) return [];
  const idle = findIdleSeats(table.state, table.meta, table.now(), table.ctx.settings);
  return idle.length > 0 ? applyQuietly(table, planRemoveSeats(table, idle)) : [];
}

/** Applies a planned step, or answers its refusal. */
function applyPlanned<T extends object>(
  table: TableCore,
  planned: TableStep<T> | PokerFailure,
): Promise<PokerResult<T>> | PokerFailure {
  return "ok" in planned ? planned : apply(table, planned);
}

/** Stores a step's money move, commits its state and facts, then follows the change (unless told not to). */
async function apply<T extends object>(
  table: TableCore,
  step: TableStep<T>,
  follow = true,
): Promise<PokerResult<T>> {
  if (step.persist) {
    const failed = await step.persist();
    if (failed) return failed;
  }
  table.state = step.state;
  step.commit?.();
  if (follow) await table.afterChange(step.events);
  return { ok: true, ...step.answer };
}

/** Applies a follow-up step (idle removal, bots) without following it; returns its events. */
async function applyQuietly(table: TableCore, step: TableStep): Promise<TableEvent[]> {
  await apply(table, step, false);
  return step.events;
}

/** What follows every change: settle a finished hand, remove idle players, adjust bots, set timers, tell listeners. */
export async function followChange(table: TableCore, events: TableEvent[]): Promise<void> {
  table.recordEvents(events);
  const all = [...events];
  if (events.some((e) => e.type === "hand_ended")) await settleHandNow(table);
  if (!table.isHandLive() && !table.closed) {
    const removed = await removeIdlePlayers(table);
    table.recordEvents(removed);
    const bots = planAdjustBots(table);
    const added = bots ? await applyQuietly(table, bots) : [];
    table.recordEvents(added);
    all.push(...removed, ...added);
  }
  scheduleWork(table, runCommand);
  table.notify(all);
}
