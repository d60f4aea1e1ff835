import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureChain } from "../crash/chain-store.ts";
import { acquireCrashLease } from "../crash/lease.ts";
import { openTestDatabase, type TestDatabase } from "../db/test-databases.ts";
import { acquireLease } from "../poker/lease.ts";
import { seedPokerTables } from "../poker/tables-store.ts";
import type { ClusterNode, NodeRegistry } from "./node-registry.ts";
import { type PlacementContext, selectProcessForRoom } from "./room-placement.ts";

/** A registry that knows the given processes. */
function registryOf(nodes: Omit<ClusterNode, "heartbeatAt">[]): NodeRegistry {
  const live = nodes.map((node) => ({ ...node, heartbeatAt: 0 }));
  return {
    start: async () => undefined,
    stop: async () => undefined,
    list: async () => live,
    find: async (nodeId) => live.find((node) => node.nodeId === nodeId),
  };
}

describe("selectProcessForRoom", () => {
  let database: TestDatabase;
  let context: PlacementContext;
  const now = 1_000_000;
  beforeAll(async () => {
    database = await openTestDatabase("sqlite");
    await seedPokerTables(database.handle.db, now);
    context = {
      db: database.handle.db,
      registry: registryOf([{ nodeId: "web-2", processId: "proc-2", internalUrl: "http://b", pid: 2 }]),
      localProcessId: () => "proc-1",
      now: () => now,
    };
  });
  afterAll(() => database.cleanup());

  it("creates a table's room in the process that holds the table's lease", async () => {
    expect(await acquireLease(database.handle.db, "house-alpha", "web-2", now, 30_000)).toBe(true);
    expect(await selectProcessForRoom(context, "poker_table", { tableId: "house-alpha" })).toBe("proc-2");
  });

  it("creates it here when nobody hosts the table, its lease expired, or its host is gone", async () => {
    expect(await selectProcessForRoom(context, "poker_table", { tableId: "house-beta" })).toBe("proc-1");
    expect(await acquireLease(database.handle.db, "house-beta", "web-2", now - 60_000, 30_000)).toBe(true);
    expect(await selectProcessForRoom(context, "poker_table", { tableId: "house-beta" })).toBe("proc-1");
    expect(await acquireLease(database.handle.db, "orion-9-max", "web-9", now, 30_000)).toBe(true);
    expect(await selectProcessForRoom(context, "poker_table", { tableId: "orion-9-max" })).toBe("proc-1");
  });

  it("creates a Supernova room in the process hosting its currency's round, else here", async () => {
    await ensureChain(database.handle, "HC", { length: 1000 });
    expect(await acquireCrashLease(database.handle, "HC", "web-2", now)).toBeDefined();
    expect(await selectProcessForRoom(context, "crash", { currency: "HC" })).toBe("proc-2");
    expect(await selectProcessForRoom(context, "crash", {})).toBe("proc-2");
    // No AMINA chain (so no host) yet, and a currency that does not exist.
    expect(await selectProcessForRoom(context, "crash", { currency: "AMINA" })).toBe("proc-1");
    expect(await selectProcessForRoom(context, "crash", { currency: "DOGE" })).toBe("proc-1");
  });

  it("creates every other room, and a table room without a usable table id, where the request landed", async () => {
    expect(await selectProcessForRoom(context, "game", { gameType: "dice", tableId: "house-alpha" })).toBe(
      "proc-1",
    );
    expect(await selectProcessForRoom(context, "lobby", {})).toBe("proc-1");
    expect(await selectProcessForRoom(context, "poker_table", { tableId: 42 })).toBe("proc-1");
    expect(await selectProcessForRoom(context, "poker_table", undefined)).toBe("proc-1");
  });
});
