/**
 * The feed subscribers of bench/live-feed.ts, in a process of their own (apart from the server and
 * from the load generator, so neither starves the other of an event loop). Every subscriber is a
 * real @colyseus/sdk client of the live_feed room; `--sample` of them (spread over the join order)
 * decode every FEED_ROWS message and time each row (receipt - the round's settlement time), the
 * rest only count the frames they receive: decoding 1,000 copies of each batch in one process
 * delays the later copies behind the earlier ones, which would add the bench's own cost to the
 * delivery figure.
 * Driven over IPC by the bench: connect, record, report, close.
 *
 *   forked by bench/live-feed.ts: live-feed-subscribers.ts --url URL --count 1000 --sample 100
 */

import { loadavg } from "node:os";
import {
  FEED_ONLINE,
  FEED_ROWS,
  FEED_SNAPSHOT,
  type FeedRowsWire,
  LIVE_FEED_ROOM,
  unpackFeedRows,
} from "@casino/protocol";
import { readCommandLine } from "@casino/protocol/cli/command-line";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";
import { percentile } from "./percentile.ts";

/** What the bench asks this process. */
export type SubscriberAsk = { kind: "connect" } | { kind: "record"; on: boolean } | { kind: "close" };

/** What a phase of subscribers saw. */
export interface SubscriberReport {
  kind: "report";
  subscribers: number;
  sampled: number;
  /** Rows timed by the sampled subscribers. */
  receipts: number;
  p50: number;
  p99: number;
  max: number;
  /** Frames received by the counting (not decoding) subscribers while recording. */
  countedFrames: number;
  /** FEED_ROWS messages the sampled subscribers decoded while recording. */
  sampledFrames: number;
  /** CPU milliseconds this process used while recording. */
  cpuMs: number;
}

/**
 * Joins `count` viewers (50 at a time); `sample` of them, spread evenly over the join order, time
 * rows and the others count frames. A room sends a frame to its viewers one after the other, so
 * timing only the first to join would time the viewers served last.
 */
async function joinViewers(url: string, count: number, sample: number, stats: ViewerStats): Promise<Room[]> {
  const rooms: Room[] = [];
  const every = count / Math.max(1, sample);
  const joinOne = async (index: number) => {
    const room = await new VersionedClient(url).joinOrCreate(LIVE_FEED_ROOM, {});
    if (sample > 0 && index % every < 1) {
      room.onMessage(FEED_SNAPSHOT, () => undefined);
      room.onMessage(FEED_ONLINE, () => undefined);
      room.onMessage(FEED_ROWS, (wire: FeedRowsWire) => {
        if (!stats.recording) return;
        const now = Date.now();
        const message = unpackFeedRows(wire);
        stats.sampledFrames++;
        for (const row of message.rows) stats.latencies.push(now - row.at);
      });
    } else {
      // Joined: from here on only count the frames, without decoding them.
      room.connection.events.onmessage = () => {
        if (stats.recording) stats.countedFrames++;
      };
    }
    rooms.push(room);
  };
  for (let i = 0; i < count; i += 50)
    await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, k) => joinOne(i + k)));
  return rooms;
}

interface ViewerStats {
  recording: boolean;
  latencies: number[];
  countedFrames: number;
  sampledFrames: number;
  cpuAtStart: NodeJS.CpuUsage;
}

async function main(): Promise<void> {
  const { values } = readCommandLine({
    url: { type: "string" },
    count: { type: "string", default: "1000" },
    sample: { type: "string", default: "100" },
  });
  const url = values.url ?? "";
  const count = Number(values.count);
  const sample = Math.min(count, Number(values.sample));
  const stats: ViewerStats = {
    recording: false,
    latencies: [],
    countedFrames: 0,
    sampledFrames: 0,
    cpuAtStart: process.cpuUsage(),
  };
  let rooms: Room[] = [];
  const report = (): SubscriberReport => {
    const sorted = [...stats.latencies].sort((a, b) => a - b);
    const cpu = process.cpuUsage(stats.cpuAtStart);
    return {
      kind: "report",
      subscribers: rooms.length,
      sampled: sample,
      receipts: sorted.length,
      p50: sorted.length ? percentile(sorted, 50) : Number.NaN,
      p99: sorted.length ? percentile(sorted, 99) : Number.NaN,
      max: sorted[sorted.length - 1] ?? Number.NaN,
      countedFrames: stats.countedFrames,
      sampledFrames: stats.sampledFrames,
      cpuMs: (cpu.user + cpu.system) / 1000,
    };
  };
  process.on("message", async (ask: SubscriberAsk) => {
    if (ask.kind === "connect") {
      rooms = await joinViewers(url, count, sample, stats);
      process.send?.({ kind: "connected", subscribers: rooms.length, load: loadavg()[0] });
    } else if (ask.kind === "record") {
      if (ask.on) {
        stats.latencies = [];
        stats.countedFrames = 0;
        stats.sampledFrames = 0;
        stats.cpuAtStart = process.cpuUsage();
      }
      const answer = ask.on ? { kind: "recording" } : report();
      stats.recording = ask.on;
      process.send?.(answer);
    } else if (ask.kind === "close") {
      await Promise.all(rooms.map((room) => room.leave(true).catch(() => undefined)));
      rooms = [];
      process.send?.({ kind: "closed" });
    }
  });
  process.on("disconnect", () => process.exit(0));
  process.send?.({ kind: "ready" });
}

await main();
