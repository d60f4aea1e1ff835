/**
 * Single-player load clients of `pnpm loadtest:scale`: each connects a demo wallet, joins its own
 * dice game room (as the browser does) and bets 1 HC every interval, measuring each bet's round
 * trip (request sent -> the room's answer).
 */

import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Client, Room } from "@colyseus/sdk";
import { connectDemoWallet, countError, type LoadStats } from "./poker-load-clients.ts";

/** What the bettors measured. */
export interface BetStats {
  latencies: number[];
  bets: number;
  /** Only bets inside the measured window count. */
  measuring: boolean;
}

/** Joins the dice room; a seat reservation that expired on a busy machine is asked for again (three tries). */
async function joinGameRoom(client: Client): Promise<Room> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.joinOrCreate("game", { gameType: "dice" });
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** Connects a bettor through `apiUrl`, joins its game room through `roomUrl`, bets until stopped. */
export async function startBettor(
  apiUrl: string,
  roomUrl: string,
  intervalMs: number,
  stats: BetStats,
  errors: LoadStats,
): Promise<{ stop(): Promise<void> }> {
  const wallet = await connectDemoWallet(apiUrl);
  const client = new VersionedClient(roomUrl);
  client.auth.token = wallet.token;
  const room = await joinGameRoom(client);
  room.onMessage("result", () => undefined);
  room.onMessage("error", () => undefined);
  let running = true;
  const loop = async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * intervalMs));
    while (running) {
      const started = performance.now();
      try {
        const reply = (await room.request("roll", { betAmount: 1, currency: "HC", betType: "low" })) as {
          code?: string;
        };
        if (reply.code) countError(errors, `bet:${reply.code}`);
        else if (stats.measuring) {
          stats.bets++;
          stats.latencies.push(performance.now() - started);
        }
      } catch {
        countError(errors, "bet:no-answer");
      }
      const spent = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - spent)));
    }
  };
  const done = loop();
  return {
    async stop() {
      running = false;
      await done;
      await room.leave().catch(() => undefined);
    },
  };
}
