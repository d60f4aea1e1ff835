import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connect.ts";
import { openTestDatabase, type TestDatabase, testDialects } from "../db/test-databases.ts";
import { runInTransaction } from "../db/transaction.ts";
import { checkLedgerInvariants, getBalances, getHouseBalances, grant } from "../ledger/ledger.ts";
import { createLogger } from "../log.ts";
import { pokerDb } from "./db.ts";
import { payIntoTable, tableEscrowAccount } from "./escrow.ts";
import { insertLiveHand } from "./hand-store.ts";
import { acquireLease, releaseLease } from "./lease.ts";
import { recoverOrphanedTables } from "./recovery.ts";
import { insertSeat } from "./seats-store.ts";
import { listTableRows, seedPokerTables } from "./tables-store.ts";

const log = createLogger("silent");

describe.each(testDialects())("poker tables, leases and recovery on %s", (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    handle = database.handle;
  });
  afterAll(() => database?.cleanup());

  it("creates the seeded tables once, whatever the number of starts", async () => {
    expect(await seedPokerTables(handle.db, 1)).toBe(5);
    expect(await seedPokerTables(handle.db, 2)).toBe(0);
    const tables = await listTableRows(handle.db);
    expect(tables.map((t) => t.id)).toEqual([
      "house-alpha",
      "house-beta",
      "nebula-amina-micro",
      "andromeda-amina-high",
      "orion-9-max",
    ]);
    expect(tables[0]).toMatchObject({ currency: "HC", unitsPerChip: 100_000, buyInMin: 500, hasBots: true });
    expect(tables[2]).toMatchObject({ currency: "AMINA", unitsPerChip: 1000, buyInMin: 40, buyInMax: 200 });
  });

  it("never takes a table whose lease another live process holds", async () => {
    expect(await acquireLease(handle.db, "house-beta", "node-a", 1000, 500)).toBe(true);
    expect(await acquireLease(handle.db, "house-beta", "node-b", 1200, 500)).toBe(false);
    expect(await acquireLease(handle.db, "house-beta", "node-a", 1300, 500)).toBe(true);
    expect(await acquireLease(handle.db, "house-beta", "node-b", 1801, 500)).toBe(true);
    await releaseLease(handle.db, "house-beta", "node-b");
    expect(await acquireLease(handle.db, "house-beta", "node-a", 1900, 500)).toBe(true);
    await releaseLease(handle.db, "house-beta", "node-a");
  });

  it("returns the escrowed stacks of an orphaned table only once its lease has expired", async () => {
    const userId = "user-recovery";
    await grant(handle, { userId, currency: "AMINA", amount: 1_000_000, reason: "adjustment" });
    await runInTransaction(handle, async (trx) => {
      await payIntoTable(trx, {
        tableId: "nebula-amina-micro",
        currency: "AMINA",
        unitsPerChip: 1000,
        chips: 150,
        ownerId: userId,
      });
      await payIntoTable(trx, {
        tableId: "nebula-amina-micro",
        currency: "AMINA",
        unitsPerChip: 1000,
        chips: 200,
        ownerId: null,
      });
      await insertSeat(trx, {
        tableId: "nebula-amina-micro",
        seat: 0,
        playerId: userId,
        userId,
        displayName: "U",
        stack: 150,
        clientSeed: "c",
        joinedAt: 1,
      });
      await insertSeat(trx, {
        tableId: "nebula-amina-micro",
        seat: 3,
        playerId: "bot:Vega",
        userId: null,
        displayName: "Vega",
        stack: 200,
        clientSeed: "b",
        joinedAt: 1,
      });
      await insertLiveHand(trx, {
        tableId: "nebula-amina-micro",
        handNumber: 7,
        currency: "AMINA",
        unitsPerChip: 1000,
        smallBlind: 1,
        bigBlind: 2,
        handSeed: "s",
        deckHash: "h",
        clientSeeds: ["c", "b"],
        players: [],
        startedAt: 1,
      });
      return { ok: true };
    });
    await acquireLease(handle.db, "nebula-amina-micro", "node-other", 10_000, 5000);
    const house = (await getHouseBalances(handle.db)).AMINA;

    const early = await recoverOrphanedTables(handle, {
      owner: "node-me",
      now: 12_000,
      leaseTtlMs: 5000,
      log,
    });
    expect(early).toEqual([]);
    expect((await getBalances(handle.db, userId)).AMINA).toBe(850_000);

    const late = await recoverOrphanedTables(handle, {
      owner: "node-me",
      now: 15_001,
      leaseTtlMs: 5000,
      log,
    });
    expect(late).toEqual([
      { tableId: "nebula-amina-micro", seatsReturned: 2, chipsReturned: 350, handsVoided: 1, remainder: 0 },
    ]);
    expect((await getBalances(handle.db, userId)).AMINA).toBe(1_000_000);
    expect((await getHouseBalances(handle.db)).AMINA - house).toBe(200_000);
    expect((await getBalances(handle.db, tableEscrowAccount("nebula-amina-micro"))).AMINA).toBe(0);
    const hand = await pokerDb(handle.db)
      .selectFrom("poker_hands")
      .select("status")
      .executeTakeFirstOrThrow();
    expect(hand.status).toBe("voided");
    const lease = await pokerDb(handle.db)
      .selectFrom("poker_tables")
      .select("lease_owner")
      .where("id", "=", "nebula-amina-micro")
      .executeTakeFirstOrThrow();
    expect(lease.lease_owner).toBeNull();
    expect((await checkLedgerInvariants(handle.db)).ok).toBe(true);
  });
});
