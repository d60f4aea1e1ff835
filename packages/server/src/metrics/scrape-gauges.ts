/**
 * Gauges read when Prometheus scrapes: open rounds per game (a count over the open-rounds index),
 * rooms and clients per room kind in this process, the event-loop delay the operator's monitor
 * measures, and the round-trip latency of the database and Redis.
 */
import { matchMaker } from "@colyseus/core";
import { Gauge } from "prom-client";
import type { DatabaseHandle } from "../db/connect.ts";
import { OPEN_STATUS } from "../db/literals.ts";
import type { LoopDelayMonitor } from "../operator/loop-delay.ts";
import type { CasinoMetrics } from "./casino-metrics.ts";
import { pingDatabase, timeProbe } from "./probes.ts";

/** What the scrape-time gauges read. */
export interface ScrapeSources {
  handle: DatabaseHandle;
  /** The operator's event-loop delay monitor, when it runs. */
  loopDelay: LoopDelayMonitor | undefined;
  /** Round trip to Redis, when the casino is scaled out. */
  pingRedis?: (() => Promise<void>) | undefined;
}

/** Registers the scrape-time gauges on the casino's registry. */
export function watchCasino(metrics: CasinoMetrics, sources: ScrapeSources): void {
  const registers = [metrics.registry];
  new Gauge({
    name: "casino_open_rounds",
    help: "Rounds waiting for the player's next action, by game",
    labelNames: ["game"] as const,
    registers,
    async collect() {
      const rows = await sources.handle.db
        .selectFrom("game_rounds")
        .select(["game_type", (eb) => eb.fn.countAll<number>().as("open")])
        .where("status", "=", OPEN_STATUS)
        .groupBy("game_type")
        .execute();
      this.reset();
      for (const row of rows) this.set({ game: row.game_type }, Number(row.open));
    },
  });
  const clients = new Gauge({
    name: "casino_room_clients",
    help: "Clients connected to this process's rooms, by room kind",
    labelNames: ["kind"] as const,
    registers,
  });
  new Gauge({
    name: "casino_rooms",
    help: "Rooms open in this process, by room kind",
    labelNames: ["kind"] as const,
    registers,
    async collect() {
      const rooms = await matchMaker.query({});
      this.reset();
      clients.reset();
      const counts = new Map<string, { rooms: number; clients: number }>();
      for (const room of rooms) {
        if (room.processId !== matchMaker.processId) continue;
        const entry = counts.get(room.name) ?? { rooms: 0, clients: 0 };
        entry.rooms += 1;
        entry.clients += room.clients;
        counts.set(room.name, entry);
      }
      for (const [kind, entry] of counts) {
        this.set({ kind }, entry.rooms);
        clients.set({ kind }, entry.clients);
      }
    },
  });
  new Gauge({
    name: "casino_event_loop_delay_milliseconds",
    help: "Event-loop delay of the last full window of the operator's monitor (p50, p99, max)",
    labelNames: ["stat"] as const,
    registers,
    collect() {
      const figures = sources.loopDelay?.figures();
      if (!figures) return;
      this.set({ stat: "p50" }, figures.window.p50Ms);
      this.set({ stat: "p99" }, figures.window.p99Ms);
      this.set({ stat: "max" }, figures.window.maxMs);
    },
  });
  new Gauge({
    name: "casino_store_ping_seconds",
    help: "Round-trip time of a trivial request to each store, measured at scrape (-1: no answer)",
    labelNames: ["store"] as const,
    registers,
    async collect() {
      const time = (probe: () => Promise<unknown>) => timeProbe(probe).catch(() => -1);
      this.set({ store: "database" }, await time(() => pingDatabase(sources.handle)));
      const pingRedis = sources.pingRedis;
      if (pingRedis) this.set({ store: "redis" }, await time(pingRedis));
    },
  });
}
