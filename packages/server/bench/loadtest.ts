/**
 * Poker load test: `pnpm loadtest -- --clients 600 [--seconds 30] [--between-hands-ms 300]
 * [--server-heap-mb 256]` (0 keeps Node's default heap limit).
 * Starts a casino in a child process (so its memory is measured alone), connects N demo players
 * over REST, seats them six to a table (full tables open new ones: N/6 tables), joins each to its
 * table's room with @colyseus/sdk, and lets everyone act as soon as it is their turn. Prints a live
 * progress line and a final report: hands per second, action round trip (action sent -> the state
 * patch that shows it) p50/p99, errors, and the server's resident memory.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createSeededRandom, randomSeedHex } from "@casino/protocol";
import { POKER_TABLE_ROOM } from "@casino/protocol/schemas/poker";
import { PokerTableState } from "@casino/protocol/schemas/poker-table-state";
import { Client, type Room } from "@colyseus/sdk";
import { startChildCasino } from "../src/poker/child-server.ts";

type TableRoom = Room<unknown, PokerTableState>;

function readArgs(argv: string[]) {
  const value = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    const parsed = i >= 0 ? Number(argv[i + 1]) : fallback;
    if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`--${name} must be a number >= 0`);
    return parsed;
  };
  return {
    clients: Math.floor(value("clients", 600)),
    seconds: value("seconds", 30),
    betweenHandsMs: value("between-hands-ms", 300),
    concurrency: Math.floor(value("concurrency", 25)),
    /** Old-space limit of the server process (MB); 0 keeps Node's default. */
    serverHeapMb: Math.floor(value("server-heap-mb", 256)),
  };
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs tasks with at most `limit` at once. */
async function inBatches<T>(items: T[], limit: number, task: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  });
  await Promise.all(workers);
}

const args = readArgs(process.argv.slice(2).filter((a) => a !== "--"));
const dataDir = mkdtempSync(join(tmpdir(), "casino-loadtest-"));
const server = await startChildCasino({
  dataDir,
  poker: { bots: false, autoStartDelayMs: args.betweenHandsMs, runoutDelayMs: 50, actionTimeoutMs: 20_000 },
  ...(process.env.LOADTEST_MEMORY_LOG ? { memoryLogMs: 5000 } : {}),
  nodeArgs: [
    ...(args.serverHeapMb > 0 ? [`--max-old-space-size=${args.serverHeapMb}`] : []),
    ...(process.env.LOADTEST_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean),
  ],
});
const serverPid = server.process.pid!;
console.log(
  `loadtest: server pid ${serverPid} at ${server.url}; ${args.clients} clients, ${args.seconds} s, ` +
    `${args.betweenHandsMs} ms between hands, server heap ${args.serverHeapMb || "default"} MB`,
);

const stats = { latencies: [] as number[], actions: 0, errors: 0, rejoins: 0, measuring: false };
const errorKinds = new Map<string, number>();
function countError(kind: string) {
  stats.errors++;
  errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
}

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("casino_session="));
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, cookie };
}

interface Player {
  token: string;
  userId: string;
  tableId: string;
  room?: TableRoom;
}

/** Plays whenever it is this player's turn and measures the round trip of each action. */
function play(player: Player, room: TableRoom, random: () => number) {
  let pending: { at: number; hand: number; deadline: number } | null = null;
  let lastTurn = "";
  room.onMessage("error", (e: { action?: string; code?: string }) => countError(`${e.action}:${e.code}`));
  room.onMessage("result", () => undefined);
  room.onStateChange((state) => {
    let seat = -1;
    for (const p of state.players.values()) if (p.userId === player.userId) seat = p.seatPosition;
    if (
      pending &&
      (state.toActSeat !== seat ||
        state.handNumber !== pending.hand ||
        state.actionDeadline !== pending.deadline)
    ) {
      if (stats.measuring) stats.latencies.push(performance.now() - pending.at);
      pending = null;
    }
    if (seat < 0) {
      if (state.players.size > 0 && !pending) rejoin(player);
      return;
    }
    if (state.toActSeat !== seat || state.legalActions.seat !== seat) return;
    const turn = `${state.handNumber}:${state.actionDeadline}`;
    if (turn === lastTurn) return;
    lastTurn = turn;
    const legal = state.legalActions;
    const roll = random();
    let action: { actionType: string; amount?: number };
    if ((legal.canRaise || legal.canBet) && roll < 0.08)
      action = { actionType: legal.canBet ? "bet" : "raise", amount: legal.minRaiseTo };
    else if (!legal.canCheck && roll > 0.9) action = { actionType: "fold" };
    else action = { actionType: legal.canCheck ? "check" : "call" };
    pending = { at: performance.now(), hand: state.handNumber, deadline: state.actionDeadline };
    if (stats.measuring) stats.actions++;
    room.send("action", action);
  });
}

const rejoining = new Set<Player>();
/** A busted player buys in again at the same table (or where the server sends them). */
function rejoin(player: Player) {
  if (rejoining.has(player)) return;
  rejoining.add(player);
  void post(`/api/poker/tables/${player.tableId}/join`, { playerName: "Bot" }, player.token)
    .then((answer) => {
      if (answer.status !== 200) countError(`rejoin:${answer.body.code}`);
      else stats.rejoins++;
    })
    .finally(() => setTimeout(() => rejoining.delete(player), 1000));
}

const players: Player[] = [];
const setupStarted = performance.now();
await inBatches(
  Array.from({ length: args.clients }, (_, i) => i),
  args.concurrency,
  async (i) => {
    const address = `DEMO${randomSeedHex(8).toUpperCase().slice(0, 9)}`;
    const connected = await post("/api/users", { walletAddress: address });
    const token = /casino_session=([^;]+)/.exec(connected.cookie ?? "")?.[1];
    if (!token) throw new Error(`connect failed: ${connected.status}`);
    const joined = await post("/api/poker/tables/house-alpha/join", { playerName: `Load ${i}` }, token);
    if (joined.status !== 200) throw new Error(`join failed: ${JSON.stringify(joined.body)}`);
    const player: Player = {
      token,
      userId: connected.body.id as string,
      tableId: joined.body.tableId as string,
    };
    const sdk = new Client(server.url);
    sdk.auth.token = token;
    player.room = (await sdk.joinOrCreate(
      POKER_TABLE_ROOM,
      { tableId: player.tableId },
      PokerTableState,
    )) as TableRoom;
    player.room.onLeave((code) => code !== 4000 && countError(`left:${code}`));
    play(player, player.room, createSeededRandom(i + 1));
    players.push(player);
  },
);
const tables = new Set(players.map((p) => p.tableId));
console.log(
  `loadtest: ${players.length} players seated at ${tables.size} tables in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
);

async function handsPlayed(): Promise<number> {
  const response = await fetch(`${server.url}/api/poker/tables`);
  const list = (await response.json()) as { handNumber: number }[];
  return list.reduce((sum, t) => sum + t.handNumber, 0);
}

const handsAtStart = await handsPlayed();
stats.measuring = true;
const started = performance.now();
let peakRss = rssMb(serverPid);
while (performance.now() - started < args.seconds * 1000) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const elapsed = (performance.now() - started) / 1000;
  const hands = (await handsPlayed()) - handsAtStart;
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const rss = rssMb(serverPid);
  peakRss = Math.max(peakRss, rss);
  process.stdout.write(
    `\r${elapsed.toFixed(0).padStart(4)} s  hands ${hands} (${(hands / elapsed).toFixed(1)}/s)  actions ${stats.actions}  ` +
      `rtt p50 ${percentile(sorted, 50).toFixed(1)} ms p99 ${percentile(sorted, 99).toFixed(1)} ms  errors ${stats.errors}  server RSS ${rss.toFixed(0)} MB   `,
  );
}
stats.measuring = false;
const elapsed = (performance.now() - started) / 1000;
const hands = (await handsPlayed()) - handsAtStart;
const sorted = [...stats.latencies].sort((a, b) => a - b);
const finalRss = rssMb(serverPid);
process.stdout.write("\n");

for (const player of players) await player.room?.leave().catch(() => undefined);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

const rows: [string, string][] = [
  ["clients", String(players.length)],
  ["tables", String(tables.size)],
  ["measured", `${elapsed.toFixed(1)} s`],
  ["hands", `${hands} (${(hands / elapsed).toFixed(1)} hands/s)`],
  ["actions", `${stats.actions} (${(stats.actions / elapsed).toFixed(0)}/s)`],
  ["action round trip p50", `${percentile(sorted, 50).toFixed(1)} ms`],
  ["action round trip p99", `${percentile(sorted, 99).toFixed(1)} ms`],
  ["action round trip max", `${(sorted[sorted.length - 1] ?? 0).toFixed(1)} ms`],
  ["errors", `${stats.errors}${errorKinds.size ? ` ${JSON.stringify(Object.fromEntries(errorKinds))}` : ""}`],
  ["rebuys after busting", String(stats.rejoins)],
  ["server RSS (end / peak)", `${finalRss.toFixed(0)} MB / ${peakRss.toFixed(0)} MB`],
  ["load client RSS", `${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`],
  ["machine load (1 min)", loadavg()[0]!.toFixed(2)],
];
console.log("\npoker load test");
for (const [name, value] of rows) console.log(`  ${name.padEnd(26)} ${value}`);
process.exit(0);
