/**
 * The shape every table command is planned into before anything changes: the next engine state
 * and its events, the money move and rows to store in one transaction, and the table facts to
 * change with the state. The orchestrator stores, commits and broadcasts a step in one place.
 */
import type { TableEvent, TableState } from "@casino/protocol";
import type { PokerFailure } from "./failures.ts";

/** A success with its details, or an expected failure. */
export type PokerResult<T extends object = object> = ({ ok: true } & T) | PokerFailure;

/** A planned change of a table: nothing is applied until its `persist` succeeded. */
export interface TableStep<T extends object = object> {
  state: TableState;
  events: TableEvent[];
  /** The money move and rows, in one transaction; a failure value rolls it back and changes nothing. */
  persist?: () => Promise<PokerFailure | undefined>;
  /** Changes the table's facts (seat meta, turn) together with the new state. */
  commit?: () => void;
  /** What the caller is answered with. */
  answer: T;
}
