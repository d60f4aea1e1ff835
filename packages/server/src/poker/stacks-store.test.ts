import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../db/test-databases.ts";
import { runSteps } from "../db/transaction.ts";
import { pokerDb } from "./db.ts";
import { finishHandRowSteps, insertLiveHandSteps } from "./hand-store.ts";
import { insertSeat, listSeats, saveStacksSteps } from "./seats-store.ts";
import { seedPokerTables } from "./tables-store.ts";

const TABLE = "house-alpha";
const players = [0, 2, 5].map((seat) => ({
  seat,
  playerId: `p${seat}`,
  name: `P${seat}`,
  stack: 100 + seat,
  isBot: false,
}));

describe.each(testDialects())("a hand's player rows and stacks in one statement each on %s", (dialect) => {
  const test = useTestDatabase(dialect, async (handle) => {
    await seedPokerTables(handle.db, 1);
  });

  it("inserts every dealt-in player and sets each one's own end stack", async () => {
    const live = {
      tableId: TABLE,
      handNumber: 1,
      currency: "HC" as const,
      unitsPerChip: 100_000,
      smallBlind: 1,
      bigBlind: 2,
      handSeed: "seed",
      deckHash: "hash",
      clientSeeds: [],
      players,
      startedAt: 1,
    };
    const id = await runSteps(test.handle, (q) => insertLiveHandSteps(q, live));
    await runSteps(test.handle, (q) =>
      finishHandRowSteps(q, id, {
        events: [],
        board: [],
        results: [],
        rake: 0,
        endStacks: [
          { seat: 5, stack: 2 ** 40 },
          { seat: 0, stack: 0 },
        ],
        endedAt: 2,
      }),
    );
    const rows = await pokerDb(test.handle.db)
      .selectFrom("poker_hand_players")
      .select(["seat", "player_id", "start_stack", "end_stack"])
      .where("hand_id", "=", id)
      .orderBy("seat")
      .execute();
    expect(rows.map((r) => [Number(r.seat), r.player_id, Number(r.start_stack), r.end_stack])).toEqual([
      [0, "p0", 100, 0],
      [2, "p2", 102, null],
      [5, "p5", 105, 2 ** 40],
    ]);
  });

  it("saves the stacks of several seats and leaves the others alone", async () => {
    for (const p of players) {
      await test.handle.db.transaction().execute((trx) =>
        insertSeat(trx, {
          tableId: TABLE,
          seat: p.seat,
          playerId: p.playerId,
          userId: null,
          displayName: p.name,
          stack: p.stack,
          clientSeed: "c",
          joinedAt: 1,
        }),
      );
    }
    await runSteps(test.handle, (q) =>
      saveStacksSteps(q, TABLE, [
        { seat: 2, stack: 7 },
        { seat: 5, stack: 0 },
      ]),
    );
    await runSteps(test.handle, (q) => saveStacksSteps(q, TABLE, []));
    const seats = await listSeats(test.handle.db, TABLE);
    expect(seats.map((s) => [s.seat, s.stack])).toEqual([
      [0, 100],
      [2, 7],
      [5, 0],
    ]);
  });
});
