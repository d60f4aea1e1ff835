/**
 * The poker load test's players, shared by `pnpm loadtest` (one process) and `pnpm loadtest:scale`
 * (one process vs a cluster): a demo wallet connected over REST, seated at a table, joined to the
 * table's room with @colyseus/sdk, acting as soon as it is its turn, measuring each action's round
 * trip (action sent -> the state patch that shows it), and buying in again after busting.
 */
import { readFileSync } from "node:fs";
import { createSeededRandom, randomSeedHex } from "@casino/protocol";
import { POKER_TABLE_ROOM } from "@casino/protocol/schemas/poker";
import { PokerTableState } from "@casino/protocol/schemas/poker-table-state";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Client, Room } from "@colyseus/sdk";

/** A table room as the load clients read it. */
export type TableRoom = Room<unknown, PokerTableState>;

/** What the players measured. */
export interface LoadStats {
  latencies: number[];
  actions: number;
  /** State patches the clients received (every client counts its own). */
  patches: number;
  errors: number;
  rejoins: number;
  /** Only actions inside the measured window count. */
  measuring: boolean;
  errorKinds: Map<string, number>;
}

/** Fresh counters. */
export function createLoadStats(): LoadStats {
  return {
    latencies: [],
    actions: 0,
    patches: 0,
    errors: 0,
    rejoins: 0,
    measuring: false,
    errorKinds: new Map(),
  };
}

/** Counts one error by kind. */
export function countError(stats: LoadStats, kind: string): void {
  stats.errors++;
  stats.errorKinds.set(kind, (stats.errorKinds.get(kind) ?? 0) + 1);
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Runs tasks with at most `limit` at once. */
export async function inBatches<T>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  });
  await Promise.all(workers);
}

/** POSTs JSON to a casino, with a bearer session token; returns the session cookie if one is set. */
export async function postJson(baseUrl: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("casino_session="));
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, cookie };
}

/** Connects a new demo wallet; resolves with its session token and user id. */
export async function connectDemoWallet(baseUrl: string): Promise<{ token: string; userId: string }> {
  const address = `DEMO${randomSeedHex(8).toUpperCase().slice(0, 9)}`;
  const connected = await postJson(baseUrl, "/api/users", { walletAddress: address });
  const token = /casino_session=([^;]+)/.exec(connected.cookie ?? "")?.[1];
  if (!token) throw new Error(`connect failed: ${connected.status}`);
  return { token, userId: connected.body.id as string };
}

/**
 * Joins a table's room. On a busy machine a reservation can expire, or a cluster's matchmaker can
 * still see the table's room opening on its host ("hosted by another server right now"): the load
 * client then asks again, as a browser would, up to five times.
 */
async function joinTableRoomWithRetries(sdk: Client, tableId: string): Promise<TableRoom> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await sdk.joinOrCreate(POKER_TABLE_ROOM, { tableId }, PokerTableState)) as TableRoom;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/** A seated load player. */
export interface LoadPlayer {
  token: string;
  userId: string;
  tableId: string;
  /** Where its REST calls go (a rebuy after busting too). */
  apiUrl: string;
  room?: TableRoom;
}

/**
 * Tells one turn from the next. The deadline alone does not: a busy server can run several
 * actions in one millisecond, so a seat's next turn may start in the same millisecond as its last
 * (same deadline). Within a hand a seat acts again only on a later street or after a bet or raise,
 * which moves the phase or the pot.
 */
export function turnOf(state: PokerTableState): string {
  return `${state.handNumber}:${state.gamePhase}:${state.currentPot}:${state.actionDeadline}`;
}

/** Plays whenever it is this player's turn and measures the round trip of each action. */
export function playPoker(
  player: LoadPlayer,
  room: TableRoom,
  random: () => number,
  stats: LoadStats,
  rejoin: (player: LoadPlayer) => void,
): void {
  let pending: { at: number; turn: string } | null = null;
  let lastTurn = "";
  let knownSeat = -1;
  let knownSeatKey = "";
  /** This player's seat: the one found last while it still holds this player, else searched for. */
  const seatIn = (state: PokerTableState): number => {
    if (knownSeat >= 0 && state.players.get(knownSeatKey)?.userId === player.userId) return knownSeat;
    knownSeat = -1;
    for (const p of state.players.values()) if (p.userId === player.userId) knownSeat = p.seatPosition;
    knownSeatKey = String(knownSeat);
    return knownSeat;
  };
  room.onMessage("error", (e: { action?: string; code?: string }) =>
    countError(stats, `${e.action}:${e.code}`),
  );
  room.onMessage("result", () => undefined);
  // Runs for every patch of every client: the load client must not be what the round trip measures.
  room.onStateChange((state) => {
    if (stats.measuring) stats.patches++;
    const seat = seatIn(state);
    const turn = turnOf(state);
    if (pending && (state.toActSeat !== seat || turn !== pending.turn)) {
      if (stats.measuring) stats.latencies.push(performance.now() - pending.at);
      pending = null;
    }
    if (seat < 0) {
      if (state.players.size > 0 && !pending) rejoin(player);
      return;
    }
    if (state.toActSeat !== seat || state.legalActions.seat !== seat) return;
    if (turn === lastTurn) return;
    lastTurn = turn;
    const legal = state.legalActions;
    const roll = random();
    let action: { actionType: string; amount?: number };
    if ((legal.canRaise || legal.canBet) && roll < 0.08)
      action = { actionType: legal.canBet ? "bet" : "raise", amount: legal.minRaiseTo };
    else if (!legal.canCheck && roll > 0.9) action = { actionType: "fold" };
    else action = { actionType: legal.canCheck ? "check" : "call" };
    pending = { at: performance.now(), turn };
    if (stats.measuring) stats.actions++;
    room.send("action", { ...action, version: state.version });
  });
}

/** A busted player buys in again at the same table (or where the server sends them), at most once a second. */
export function createRejoiner(stats: LoadStats): (player: LoadPlayer) => void {
  const rejoining = new Set<LoadPlayer>();
  return (player) => {
    if (rejoining.has(player)) return;
    rejoining.add(player);
    void postJson(
      player.apiUrl,
      `/api/poker/tables/${player.tableId}/join`,
      { playerName: "Bot" },
      player.token,
    )
      .then((answer) => {
        if (answer.status !== 200) countError(stats, `rejoin:${answer.body.code}`);
        else stats.rejoins++;
      })
      .catch(() => countError(stats, "rejoin:network"))
      .finally(() => setTimeout(() => rejoining.delete(player), 1000));
  };
}

/**
 * Connects a player through `apiUrl`, seats it at `tableId` (or where a full table sends it),
 * joins the table's room through `roomUrl` (the room may live in another process) and starts playing.
 */
export async function seatPokerPlayer(options: {
  apiUrl: string;
  roomUrl: string;
  tableId: string;
  index: number;
  stats: LoadStats;
  rejoin: (player: LoadPlayer) => void;
}): Promise<LoadPlayer> {
  const { apiUrl, roomUrl, index, stats, rejoin } = options;
  const wallet = await connectDemoWallet(apiUrl);
  const joined = await postJson(
    apiUrl,
    `/api/poker/tables/${options.tableId}/join`,
    { playerName: `Load ${index}` },
    wallet.token,
  );
  if (joined.status !== 200) throw new Error(`join failed: ${JSON.stringify(joined.body)}`);
  const player: LoadPlayer = { ...wallet, tableId: joined.body.tableId as string, apiUrl };
  const sdk = new VersionedClient(roomUrl);
  sdk.auth.token = wallet.token;
  player.room = await joinTableRoomWithRetries(sdk, player.tableId);
  player.room.onLeave((code) => code !== 4000 && countError(stats, `left:${code}`));
  playPoker(player, player.room, createSeededRandom(index + 1), stats, rejoin);
  return player;
}

/** Where a seated load player plays: the process it joins through, its room's process and its table. */
export interface LoadSeat {
  apiUrl: string;
  roomUrl: string;
  tableId: string;
}

/**
 * Seats `count` load players, `concurrency` at a time, player i where `seatOf(i)` says, all
 * counted in one LoadStats and bought in again by one rejoiner when they bust.
 */
export async function seatPokerPlayers(
  count: number,
  concurrency: number,
  seatOf: (index: number) => LoadSeat,
): Promise<{ players: LoadPlayer[]; stats: LoadStats }> {
  const stats = createLoadStats();
  const rejoin = createRejoiner(stats);
  const players: LoadPlayer[] = [];
  await inBatches(
    Array.from({ length: count }, (_, i) => i),
    concurrency,
    async (index) => {
      players.push(await seatPokerPlayer({ ...seatOf(index), index, stats, rejoin }));
    },
  );
  return { players, stats };
}
