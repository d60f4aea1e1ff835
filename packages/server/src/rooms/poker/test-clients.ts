/**
 * Real @colyseus/sdk players for poker room tests: join a table's room with a session token, find
 * their own seat, play a strategy whenever it is their turn, and record every hole card they ever
 * decoded for other seats (the privacy check).
 */
import { POKER_TABLE_ROOM } from "@casino/protocol/schemas/poker";
import { PokerTableState } from "@casino/protocol/schemas/poker-table-state";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";

/** A room client of the table state. */
export type TableRoom = Room<unknown, PokerTableState>;

/** Joins (or creates) a table's room as the session's player. */
export async function joinTableRoom(url: string, token: string, tableId: string): Promise<TableRoom> {
  const sdk = new VersionedClient(url);
  sdk.auth.token = token;
  return (await sdk.joinOrCreate(POKER_TABLE_ROOM, { tableId }, PokerTableState)) as TableRoom;
}

/** The seat of a user in the decoded state, or -1. */
export function seatOfUser(state: PokerTableState, userId: string): number {
  for (const player of state.players.values()) if (player.userId === userId) return player.seatPosition;
  return -1;
}

/** What a strategy sees on its turn. */
export type Strategy = (state: PokerTableState) => { actionType: string; amount?: number } | null;

/** Checks when it can, else calls. */
export const checkOrCall: Strategy = (state) => ({
  actionType: state.legalActions.canCheck ? "check" : "call",
});

/** Plays a strategy whenever the state says it is this user's turn (now included); returns a stop function. */
export function autoPlay(room: TableRoom, userId: string, strategy: Strategy): () => void {
  let lastTurn = "";
  const onChange = (state: PokerTableState) => {
    const seat = seatOfUser(state, userId);
    if (seat < 0 || state.toActSeat !== seat || state.legalActions.seat !== seat) return;
    const turn = `${state.handNumber}:${state.actionDeadline}:${seat}:${state.currentPot}:${state.communityCards.length}`;
    if (turn === lastTurn) return;
    lastTurn = turn;
    const action = strategy(state);
    if (action) room.send("action", { ...action, version: state.version });
  };
  room.onStateChange(onChange);
  // The turn may already be this player's (a hand dealt before the strategy was attached).
  if (room.state) onChange(room.state);
  return () => room.onStateChange.remove(onChange);
}

/** Hole cards of other seats this client decoded while they were not shown: must stay empty. */
export function watchPrivacy(room: TableRoom, userId: string): { leaks: string[] } {
  const record = { leaks: [] as string[] };
  room.onStateChange((state) => {
    for (const player of state.players.values()) {
      if (player.userId === userId || player.cardsShown) continue;
      const count = player.holeCards?.length ?? 0;
      if (count > 0) {
        record.leaks.push(`hand ${state.handNumber} seat ${player.seatPosition}: ${count} cards`);
      }
    }
  });
  return record;
}

/** Waits until the decoded state passes a check. */
export function waitForState(
  room: TableRoom,
  check: (state: PokerTableState) => boolean,
  timeoutMs = 8000,
): Promise<PokerTableState> {
  return new Promise((resolve, reject) => {
    if (room.state && check(room.state)) return resolve(room.state);
    const timer = setTimeout(() => {
      room.onStateChange.remove(onChange);
      reject(new Error("timed out waiting for the room state"));
    }, timeoutMs);
    const onChange = (state: PokerTableState) => {
      if (!check(state)) return;
      clearTimeout(timer);
      room.onStateChange.remove(onChange);
      resolve(state);
    };
    room.onStateChange(onChange);
  });
}

/** Sends a message and waits for its "result" or "error" answer. */
export function sendAndWait(
  room: TableRoom,
  type: string,
  payload?: unknown,
  timeoutMs = 5000,
): Promise<{ kind: "result" | "error"; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${type}`)), timeoutMs);
    const offs: (() => void)[] = [];
    const done = (kind: "result" | "error") => (body: Record<string, unknown>) => {
      if (body.action !== type) return;
      clearTimeout(timer);
      for (const off of offs) off();
      resolve({ kind, body });
    };
    offs.push(room.onMessage("result", done("result")), room.onMessage("error", done("error")));
    room.send(type, payload);
  });
}

/** Leaves a room if its connection is still open, without waiting long. */
export async function leaveQuietly(room: TableRoom): Promise<void> {
  if (!room.connection.isOpen) return;
  await Promise.race([
    room.leave().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, 1000)),
  ]);
}
