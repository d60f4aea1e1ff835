/**
 * On PostgreSQL a poker hand's writes that nothing reads travel with the next statement that is
 * read, or with COMMIT: a hand starts in one round trip (its row and players in one statement, with
 * BEGIN and COMMIT) and its end rows (log, end stacks, seat stacks, hand count, the rake out of the
 * table's escrow) go in one.
 */
import { describe, expect, it } from "vitest";
import { countRoundTrips } from "../db/pg-round-trips.test-helpers.ts";
import { postgresUrlForTests, useTestDatabase } from "../db/test-databases.ts";
import { runInTransaction, runSteps } from "../db/transaction.ts";
import { getBalances } from "../ledger/ledger.ts";
import { TABLE_KINDS } from "./catalogue.ts";
import { payIntoTable, tableEscrowAccount, takeRakeSteps } from "./escrow.ts";
import {
  findHand,
  findHandSeat,
  finishHandRowSteps,
  insertLiveHandSteps,
  listPlayerHands,
} from "./hand-store.ts";
import { insertSeat, listSeats, saveStacksSteps } from "./seats-store.ts";
import { createTableOfKind, findTableRow, saveHandCountSteps } from "./tables-store.ts";

const players = [
  { seat: 0, playerId: "p0", name: "cosmic_zero", stack: 100, isBot: false },
  { seat: 1, playerId: "p1", name: "cosmic_one", stack: 100, isBot: false },
];

describe.runIf(postgresUrlForTests())("a poker hand's round trips on PostgreSQL", () => {
  const test = useTestDatabase("postgres");

  it("starts a hand in one round trip and stores its end in one", async () => {
    const { db } = test.handle;
    const now = Date.now();
    const table = await createTableOfKind(db, Object.values(TABLE_KINDS)[0]!, now);
    for (const p of players)
      await insertSeat(db, {
        tableId: table.id,
        seat: p.seat,
        playerId: p.playerId,
        userId: null,
        displayName: p.name,
        stack: p.stack,
        clientSeed: "",
        joinedAt: now,
      });

    const startTrips = countRoundTrips(test.handle);
    const handId = await runSteps(test.handle, (q) =>
      insertLiveHandSteps(
        q,
        {
          tableId: table.id,
          handNumber: 1,
          currency: table.currency,
          unitsPerChip: table.unitsPerChip,
          smallBlind: table.smallBlind,
          bigBlind: table.bigBlind,
          handSeed: "seed",
          deckHash: "hash",
          clientSeeds: ["", ""],
          players,
          startedAt: now,
        },
        { commits: true },
      ),
    );
    expect(startTrips.count).toBe(1);
    expect(await findHandSeat(db, handId, "p1")).toBe(1);
    expect((await listPlayerHands(db, "p0", 5)).map((h) => [h.handId, h.startStack])).toEqual([
      [handId, 100],
    ]);

    const chips = { tableId: table.id, currency: table.currency, unitsPerChip: table.unitsPerChip };
    await runInTransaction(test.handle, (trx) => payIntoTable(trx, { ...chips, chips: 200, ownerId: null }));

    const endTrips = countRoundTrips(test.handle);
    await runSteps(test.handle, function* (q) {
      yield* finishHandRowSteps(q, handId, {
        events: [],
        board: [1, 2, 3, 4, 5],
        results: [],
        rake: 0,
        endStacks: [
          { seat: 0, stack: 120 },
          { seat: 1, stack: 80 },
        ],
        endedAt: now + 1,
      });
      yield* saveStacksSteps(q, table.id, [
        { seat: 0, stack: 120 },
        { seat: 1, stack: 80 },
      ]);
      yield* saveHandCountSteps(q, table.id, 1);
      yield* takeRakeSteps(q, { ...chips, chips: 3, handId }, now + 1);
    });
    expect(endTrips.count).toBe(1);
    const escrow = await getBalances(db, tableEscrowAccount(table.id));
    expect(escrow[table.currency]).toBe(197 * table.unitsPerChip);

    // Every write landed.
    expect(await findHand(db, handId)).toMatchObject({ board: [1, 2, 3, 4, 5], endedAt: now + 1 });
    expect((await listSeats(db, table.id)).map((s) => s.stack)).toEqual([120, 80]);
    expect((await listPlayerHands(db, "p1", 5)).map((h) => h.endStack)).toEqual([80]);
    expect((await findTableRow(db, table.id))?.handCount).toBe(1);
  });
});
