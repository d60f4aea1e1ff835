import { LocalPresence } from "@colyseus/core";
import { describe, expect, it } from "vitest";
import type { TableSummary } from "../poker/table-view.ts";
import {
  createTableDirectory,
  type HostedTables,
  TABLE_DIRECTORY_TIMINGS,
  TABLES_KEY,
} from "./table-directory.ts";

/** A summary with the fields the lobby shows. */
function summary(id: string, playerCount: number): TableSummary {
  return {
    id,
    name: id,
    kind: "house",
    currency: "HC",
    isHouse: true,
    smallBlind: 5,
    bigBlind: 10,
    buyInMin: 50,
    buyInMax: 50,
    buyInMinChips: 500,
    buyInMaxChips: 500,
    chipsPerCoin: 10,
    maxPlayers: 6,
    playerCount,
    humanCount: playerCount,
    botCount: 0,
    gamePhase: "waiting",
    status: "waiting",
    handNumber: 0,
  };
}

/** A process's hosted tables that the test changes by hand. */
function makeHost(nodeId: string) {
  const tables = new Map<string, TableSummary>();
  const listeners = new Set<(id: string) => void>();
  const learned: string[] = [];
  const source: HostedTables = {
    nodeId,
    hosted: () => [...tables.values()],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    learn: async (id) => learned.push(id),
  };
  const host = (table: TableSummary) => {
    tables.set(table.id, table);
    for (const listener of listeners) listener(table.id);
  };
  const drop = (id: string) => tables.delete(id);
  return { source, host, drop, learned };
}

const settle = (ms = TABLE_DIRECTORY_TIMINGS.publishDelayMs + 50) => new Promise((r) => setTimeout(r, ms));

describe("createTableDirectory", () => {
  it("shows each process the tables the others host, as they change", async () => {
    const presence = new LocalPresence();
    const a = makeHost("a");
    const b = makeHost("b");
    const here = createTableDirectory(presence, a.source, { channel: "tables" });
    const there = createTableDirectory(presence, b.source, { channel: "tables" });
    await here.start();
    await there.start();
    let changes = 0;
    there.onRemoteChange(() => changes++);

    a.host(summary("t1", 1));
    await settle();
    expect(there.remote("t1")?.playerCount).toBe(1);
    expect(b.learned).toEqual(["t1"]);
    expect(here.remote("t1")).toBeUndefined(); // its own table is not "remote"
    a.host(summary("t1", 2));
    await settle();
    expect(there.remote("t1")?.playerCount).toBe(2);
    expect(changes).toBeGreaterThanOrEqual(2);
    expect(there.remoteOnly(new Set(["t0"])).map((s) => s.id)).toEqual(["t1"]);

    // A process that starts later reads what is already hosted.
    const late = createTableDirectory(presence, makeHost("c").source, { channel: "tables" });
    await late.start();
    expect(late.remote("t1")?.playerCount).toBe(2);

    a.drop("t1");
    await here.publishNow();
    expect(there.remote("t1")).toBeUndefined();
    await Promise.all([here.stop(), there.stop(), late.stop()]);
  });

  it("announces a table again only when its lobby line changed, and every table at each heartbeat", async () => {
    const presence = new LocalPresence();
    const a = makeHost("a");
    const here = createTableDirectory(presence, a.source, { channel: "lines", refreshMs: 60_000 });
    const there = createTableDirectory(presence, makeHost("b").source, {
      channel: "lines",
      refreshMs: 60_000,
    });
    await here.start();
    await there.start();
    let changes = 0;
    there.onRemoteChange(() => changes++);
    a.host(summary("t1", 1));
    a.host(summary("t2", 1));
    await settle();
    expect(changes).toBe(1);
    // An action that leaves both lobby lines as they were.
    a.host(summary("t1", 1));
    a.host(summary("t2", 1));
    await settle();
    expect(changes).toBe(1);
    a.host(summary("t2", 2));
    await settle();
    expect(changes).toBe(2);
    expect(there.remote("t2")?.playerCount).toBe(2);
    await here.publishNow();
    expect(changes).toBe(3);
    await Promise.all([here.stop(), there.stop()]);
  });

  it("ignores the tables of a process that stopped publishing (a crash)", async () => {
    const presence = new LocalPresence();
    let clock = 1_000;
    const a = makeHost("a");
    const here = createTableDirectory(presence, a.source, {
      channel: "t",
      now: () => clock,
      refreshMs: 60_000,
    });
    const there = createTableDirectory(presence, makeHost("b").source, {
      channel: "t",
      now: () => clock,
      refreshMs: 60_000,
    });
    await here.start();
    await there.start();
    a.host(summary("t9", 3));
    await here.publishNow();
    expect(there.remote("t9")?.playerCount).toBe(3);
    clock += TABLE_DIRECTORY_TIMINGS.staleMs;
    expect(there.remote("t9")).toBeUndefined();
    expect(there.remoteOnly(new Set())).toEqual([]);
    await there.stop();
    // Long after, a process that starts drops the silent process's tables from the shared hash.
    clock += 3 * TABLE_DIRECTORY_TIMINGS.staleMs;
    expect(Object.keys(await presence.hgetall(TABLES_KEY))).toEqual(["a"]);
    const next = createTableDirectory(presence, makeHost("c").source, { channel: "t", now: () => clock });
    await next.start();
    expect(Object.keys(await presence.hgetall(TABLES_KEY))).toEqual(["c"]);
    await Promise.all([here.stop(), next.stop()]);
  });
});
