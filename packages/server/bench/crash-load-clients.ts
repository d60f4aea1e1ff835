/**
 * The players of the Supernova load test (crash-load.ts forks this file, once per client process):
 * `--url URL --players N --first I` connects N demo players with the SDK and joins each to the HC
 * crash room, then follows the parent's orders over IPC: "bet" (every player bets 1 HC at once,
 * answering each round trip), and on the flight frame the players with a target (every other
 * global index, seeded targets from 1.10x to 4.90x) cash out when the multiplier reaches it;
 * "report" answers the frames (and their bytes, the flight frame's aside) each client got since
 * the bets; "stop" leaves and exits.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { timeToReach } from "@casino/protocol/games/crash/flight";
import { connectDemo } from "@casino/sdk";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";
import { readCommandLine } from "../../protocol/src/cli/command-line.ts";
import { inBatches } from "./poker-load-clients.ts";

/** What the parent tells a client process. */
export type ClientsOrder = { kind: "bet" } | { kind: "report" } | { kind: "stop" };

/** What a client process tells the parent. */
export type ClientsReport =
  | { kind: "joined"; players: number }
  | { kind: "bets"; times: number[]; refused: Record<string, number> }
  | {
      kind: "cashOuts";
      times: number[];
      paidTimes: number[];
      refused: Record<string, number>;
      /** This process's event-loop delay over the flight (p99, max; ms): the load generator's own lag. */
      loop: { p99: number; max: number };
    }
  | { kind: "frames"; frames: number[]; bytes: number[] };

/** Joins at once per client process. */
const JOINS_AT_ONCE = 8;

/** The seeded cash-out target (hundredths) of global player `index`, or null for half of them. */
export function targetOf(index: number): number | null {
  if (index % 2 === 1) return null;
  const seed = (Math.imul(index + 7, 1103515245) + 12345) >>> 0;
  return 110 + (seed % 380);
}

type Player = { room: Room; frames: number; bytes: number; target: number | null };

/**
 * Frames the players count without decoding them (ROOM_DATA, then the type as a short msgpack
 * string): those to every watcher and `play`, a player's own play sent to them alone.
 */
const COUNTED_FRAMES = new Set(["round", "events", "crash", "play"]);
const ROOM_DATA = 13;

/**
 * Counts the room's frames of COUNTED_FRAMES without decoding their bodies, and hands every other
 * message to the SDK: the load clients draw nothing, and thousands of them share a few processes
 * (a browser decodes its frames on its own machine).
 */
function countWithoutDecoding(room: Room, count: (bytes: number) => void): void {
  const events = (room as unknown as { connection: { events: { onmessage: (event: MessageEvent) => void } } })
    .connection.events;
  const decode = events.onmessage;
  events.onmessage = (event) => {
    const bytes = new Uint8Array(event.data as ArrayBuffer);
    const header = bytes[1] ?? 0;
    if (bytes[0] === ROOM_DATA && (header & 0xe0) === 0xa0) {
      const type = String.fromCharCode(...bytes.subarray(2, 2 + (header & 0x1f)));
      if (COUNTED_FRAMES.has(type)) {
        count(bytes.length);
        return;
      }
    }
    decode(event);
  };
}

/** Sends a request and times it; a refusal's code (a lost connection: "connection"), if refused. */
async function timedRequest(room: Room, type: string, body: object): Promise<{ ms: number; code?: string }> {
  const t = performance.now();
  try {
    const answer = (await room.request(type, body, { timeout: 60_000 })) as { code?: string };
    return { ms: performance.now() - t, ...(answer.code ? { code: answer.code } : {}) };
  } catch {
    return { ms: performance.now() - t, code: "connection" };
  }
}

/** Counts a refusal by its code. */
function countRefusal(refused: Record<string, number>, code: string | undefined): void {
  if (code) refused[code] = (refused[code] ?? 0) + 1;
}

const send = (report: ClientsReport) => process.send?.(report);

/**
 * Cashes out every player with a target when the flight reaches it; reports the round trips.
 * `startedAt` is the flight's start on this process's performance clock.
 */
async function cashOutAll(players: Player[], startedAt: number): Promise<void> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const times: number[] = [];
  const paidTimes: number[] = [];
  const refused: Record<string, number> = {};
  await Promise.all(
    players
      .filter((p) => p.target !== null)
      .map(async (p) => {
        const wait = startedAt + timeToReach(p.target as number) - performance.now();
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
        const { ms, code } = await timedRequest(p.room, "cashOut", {});
        times.push(ms);
        if (!code) paidTimes.push(ms);
        countRefusal(refused, code);
      }),
  );
  delay.disable();
  const loop = { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
  send({ kind: "cashOuts", times, paidTimes, refused, loop });
}

/** Every player bets 1 HC at once; reports the round trips. */
async function betAll(players: Player[]): Promise<void> {
  for (const p of players) {
    p.frames = 0;
    p.bytes = 0;
  }
  const times: number[] = [];
  const refused: Record<string, number> = {};
  await Promise.all(
    players.map(async (p) => {
      const { ms, code } = await timedRequest(p.room, "bet", { betAmount: 1 });
      times.push(ms);
      countRefusal(refused, code);
    }),
  );
  send({ kind: "bets", times, refused });
}

if (import.meta.main) {
  const { values } = readCommandLine({
    url: { type: "string" },
    players: { type: "string", default: "100" },
    first: { type: "string", default: "0" },
  });
  const url = String(values.url);
  const first = Number(values.first);
  const players: Player[] = new Array(Number(values.players));
  let flying = false;
  await inBatches([...players.keys()], JOINS_AT_ONCE, async (i) => {
    const session = await connectDemo(url);
    const client = new VersionedClient(url);
    client.auth.token = session.token;
    const room = await client.joinOrCreate("crash", { currency: "HC" });
    const player: Player = { room, frames: 0, bytes: 0, target: targetOf(first + i) };
    countWithoutDecoding(room, (bytes) => {
      player.frames++;
      player.bytes += bytes;
    });
    room.onMessage("flight", (body: { startedAt: number; serverTime: number }) => {
      player.frames++;
      if (flying) return;
      flying = true;
      // The casino's clock may differ from this one (the bench skips the betting wait): only its
      // own difference between the flight's start and the frame's sending counts.
      void cashOutAll(players, performance.now() - (body.serverTime - body.startedAt));
    });
    room.onMessage("result", () => undefined);
    room.onMessage("error", () => undefined);
    players[i] = player;
  });
  process.on("message", (order: ClientsOrder) => {
    if (order.kind === "bet") void betAll(players);
    else if (order.kind === "report")
      send({ kind: "frames", frames: players.map((p) => p.frames), bytes: players.map((p) => p.bytes) });
    else if (order.kind === "stop")
      void Promise.allSettled(players.map((p) => p.room.leave(true))).then(() => process.exit(0));
  });
  send({ kind: "joined", players: players.length });
}
