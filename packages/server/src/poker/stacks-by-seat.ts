/**
 * One UPDATE that writes the chip stacks of several seats at once (a CASE over the seats), for the
 * two tables that keep a stack per seat: the seats of a table and the players of a hand.
 */
import { prepareByShape } from "../db/prepared.ts";
import { type QueryBuilder, runWriteUnread, type Steps } from "../db/steps.ts";
import { bigintByKey, keyValueSlots, slotKeys } from "../db/value-by-key.ts";
import { pokerDb } from "./db.ts";

/** Where each table keeps a seat's stack, and the column naming the table or hand the seats are in. */
const STACK_COLUMNS = {
  poker_seats: { stack: "stack", scope: "table_id" },
  poker_hand_players: { stack: "end_stack", scope: "hand_id" },
} as const;

/** A table keeping a stack per seat. */
export type StackTable = keyof typeof STACK_COLUMNS;

/** The statement for `count` seats of `table`, by count (slots `key<i>` = seat, `value<i>` = stack). */
function prepareStacksQuery(table: StackTable) {
  const { stack, scope } = STACK_COLUMNS[table];
  return prepareByShape(
    (count: number) => (q: QueryBuilder, p: Record<string, unknown>) =>
      pokerDb(q)
        .updateTable(table)
        .set(stack, bigintByKey("seat", p, count))
        .where(scope, "=", p.scope as string & number)
        .where("seat", "in", slotKeys<number>(p, count)),
  );
}

const STACKS_QUERIES = {
  poker_seats: prepareStacksQuery("poker_seats"),
  poker_hand_players: prepareStacksQuery("poker_hand_players"),
};

/**
 * Sets the stacks of seats of `table` whose scope column (the table or hand id) is `scope`, as
 * transaction steps: one statement for all of them, none when there are none.
 */
export function* saveStacksBySeatSteps(
  table: StackTable,
  q: QueryBuilder,
  scope: string | number,
  stacks: readonly { seat: number; stack: number }[],
): Steps<void> {
  if (stacks.length === 0) return;
  const values = { scope, ...keyValueSlots(stacks.map(({ seat, stack }) => [seat, stack] as const)) };
  yield* runWriteUnread(STACKS_QUERIES[table](stacks.length)(q, values));
}
