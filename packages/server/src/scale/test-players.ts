/**
 * Players for the cluster tests: a demo wallet connected through one process and then used through
 * any other with its session token (as a browser behind a round-robin proxy is), poker table rooms
 * joined through any process, and a player that checks or calls whenever it is its turn.
 */
import { POKER_LOBBY_ROOM, POKER_TABLE_ROOM } from "@casino/protocol/schemas/poker";
import { PokerLobbyState, PokerTableState } from "@casino/protocol/schemas/poker-table-state";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";
import { randomDemoAddress } from "../http/test-helpers.ts";

/** A connected demo player. */
export interface TestPlayer {
  token: string;
  userId: string;
  address: string;
}

/** One JSON answer. */
export interface JsonAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes.
  body: any;
}

/** Calls the API of one process with a player's session token (or none). */
export async function callApi(
  baseUrl: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body: parsed };
}

/** Connects a new demo wallet through a process. */
export async function connectPlayer(baseUrl: string): Promise<TestPlayer> {
  const address = randomDemoAddress();
  const response = await fetch(`${baseUrl}/api/users`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ walletAddress: address }),
  });
  const token = /casino_session=([^;]+)/.exec(response.headers.getSetCookie().join(";"))?.[1];
  const user = (await response.json()) as { id: string };
  if (!token || response.status >= 300) throw new Error(`connect failed: ${response.status}`);
  return { token, userId: user.id, address };
}

/** A table room as the tests read it. */
export type TableRoom = Room<unknown, PokerTableState>;

/** Joins (or creates) a table's room through a process; the room may live in another. */
export async function joinTableRoom(
  baseUrl: string,
  player: TestPlayer,
  tableId: string,
): Promise<TableRoom> {
  const client = new VersionedClient(baseUrl);
  client.auth.token = player.token;
  return (await client.joinOrCreate(POKER_TABLE_ROOM, { tableId }, PokerTableState)) as TableRoom;
}

/** Joins the lobby room through a process. */
export async function joinLobby(baseUrl: string): Promise<Room<unknown, PokerLobbyState>> {
  return (await new VersionedClient(baseUrl).joinOrCreate(POKER_LOBBY_ROOM, {}, PokerLobbyState)) as Room<
    unknown,
    PokerLobbyState
  >;
}

/** The seat of a player in a room's state, or -1. */
export function seatOf(state: PokerTableState, userId: string): number {
  for (const player of state.players.values()) if (player.userId === userId) return player.seatPosition;
  return -1;
}

/** Checks when it can, else calls, whenever it is the player's turn; returns the stop function. */
export function checkOrCall(room: TableRoom, player: TestPlayer): () => void {
  let lastTurn = "";
  const act = (state: PokerTableState) => {
    const seat = seatOf(state, player.userId);
    if (seat < 0 || state.toActSeat !== seat || state.legalActions.seat !== seat) return;
    const turn = `${state.handNumber}:${state.actionDeadline}`;
    if (turn === lastTurn) return;
    lastTurn = turn;
    room.send("action", {
      actionType: state.legalActions.canCheck ? "check" : "call",
      version: state.version,
    });
  };
  room.onMessage("result", () => undefined);
  room.onStateChange(act);
  return () => room.onStateChange.remove(act);
}

/** Resolves once the room's state satisfies `test` (checked on every patch), or fails after `ms`. */
export function waitForState<S>(
  room: Room<unknown, S>,
  test: (state: S) => boolean,
  ms = 20_000,
): Promise<S> {
  return new Promise((resolve, reject) => {
    const check = (state: S) => {
      if (!test(state)) return;
      clearTimeout(timer);
      room.onStateChange.remove(check);
      resolve(state);
    };
    const timer = setTimeout(() => {
      room.onStateChange.remove(check);
      reject(new Error("the room never reached the expected state"));
    }, ms);
    room.onStateChange(check);
    if (room.state) check(room.state);
  });
}
