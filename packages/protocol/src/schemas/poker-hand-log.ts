/**
 * The table room's hand-log message: the current hand's engine events as the receiving seat may
 * see them, sent as the hand moves on and again on join and reconnect. The table log is told from
 * them, as the hand history is, so both read alike.
 */
import type { TableEvent } from "../poker/engine/types.ts";

/** The room message type that carries a hand's events. */
export const HAND_LOG_MESSAGE = "handLog";

/** One hand-log message: the hand's number and its events so far. */
export type HandLogMessage = { handNumber: number; events: TableEvent[] };
