/**
 * GET /api/game-sessions/{wallet} paging over real HTTP. Invariants: following `nextCursor` from the
 * first page visits every round exactly once, newest first; filters only narrow; a bad query is a
 * 400 that reads and changes nothing; callers without paging keys keep the plain array.
 */
import { coins } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { playRound } from "../../rounds/rounds.ts";
import { connectDemoClient, snapshotMoney, useCasino } from "../test-helpers.ts";

const casino = useCasino();

const DAY = 86_400_000;
const START = Date.parse("2026-03-01T12:00:00.000Z");

/** A history row as the paged answer carries it (the fields these tests read). */
interface Row {
  id: string;
  gameType: string;
  currency: string;
  betAmount: number;
  winAmount: number;
  createdAt: string;
}

/**
 * A player with `count` settled rounds: games alternate dice/plinko, every third round wins 2x,
 * round i is dated START + i days and every fourth is booked in AMINA (rows rewritten in place, as a
 * history of older rounds would hold them).
 */
async function makePlayer(count: number) {
  const player = await connectDemoClient(casino.url);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const result = await playRound(casino.handle, {
      userId: player.user.id,
      gameType: i % 2 === 0 ? "dice" : "plinko",
      currency: "HC",
      stake: coins(1),
      input: {},
      decide: () => ({ win: i % 3 === 0 ? coins(2) : 0, outcome: {} }),
    });
    if (!result.ok) throw new Error(result.message);
    await casino.handle.db
      .updateTable("game_rounds")
      .set({ created_at: START + i * DAY, currency: i % 4 === 3 ? "AMINA" : "HC" })
      .where("id", "=", result.round.id)
      .execute();
    ids.push(result.round.id);
  }
  return { ...player, ids: ids.reverse() }; // newest first
}

/** Follows nextCursor from the first page to the end; returns the rows and the pages' sizes. */
async function readAllPages(player: Awaited<ReturnType<typeof makePlayer>>, query: string) {
  const rows: Row[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor ? `&before=${encodeURIComponent(cursor)}` : "";
    const answer = await player.client.get(`/api/game-sessions/${player.address}?${query}${after}`);
    expect(answer.status, answer.text).toBe(200);
    rows.push(...answer.body.rounds);
    sizes.push(answer.body.rounds.length);
    cursor = answer.body.nextCursor;
  } while (cursor !== null && sizes.length < 50);
  return { rows, sizes };
}

describe("GET /api/game-sessions/{wallet} with paging", () => {
  it("walks every round once, newest first, page by page", async () => {
    const player = await makePlayer(12);
    const { rows, sizes } = await readAllPages(player, "pageSize=5");
    expect(sizes).toEqual([5, 5, 2]);
    expect(rows.map((row) => row.id)).toEqual(player.ids);
    expect(rows[0]).toMatchObject({
      gameType: "plinko",
      betAmount: 1,
      createdAt: "2026-03-12T12:00:00.000Z",
    });
    const exact = await readAllPages(player, "pageSize=6");
    expect(exact.sizes).toEqual([6, 6]);
  });

  it("pages through rounds created in the same millisecond by their ids", async () => {
    const player = await makePlayer(6);
    await casino.handle.db
      .updateTable("game_rounds")
      .set({ created_at: START })
      .where("user_id", "=", player.user.id)
      .execute();
    const { rows } = await readAllPages(player, "pageSize=4");
    expect(rows.map((row) => row.id)).toEqual([...player.ids].sort().reverse());
  });

  it("filters by game, currency, wins and date range, and combines them", async () => {
    const player = await makePlayer(12);
    const all = (await readAllPages(player, "pageSize=100")).rows;
    const dice = (await readAllPages(player, "pageSize=2&game=dice")).rows;
    expect(dice.map((r) => r.id)).toEqual(all.filter((r) => r.gameType === "dice").map((r) => r.id));
    expect(dice).toHaveLength(6);
    const amina = (await readAllPages(player, "pageSize=100&currency=AMINA")).rows;
    expect(amina.map((r) => r.id)).toEqual(all.filter((r) => r.currency === "AMINA").map((r) => r.id));
    expect(amina).toHaveLength(3);
    const wins = (await readAllPages(player, "pageSize=100&winsOnly=true")).rows;
    expect(wins).toHaveLength(4);
    expect(wins.every((r) => r.winAmount > r.betAmount)).toBe(true);
    const march3to6 = (await readAllPages(player, "pageSize=100&from=2026-03-03&to=2026-03-06T12:00:00Z"))
      .rows;
    expect(march3to6.map((r) => r.createdAt)).toEqual([
      "2026-03-05T12:00:00.000Z",
      "2026-03-04T12:00:00.000Z",
      "2026-03-03T12:00:00.000Z",
    ]);
    const combined = (await readAllPages(player, "pageSize=1&game=dice&winsOnly=1&from=2026-03-02")).rows;
    expect(combined.map((r) => r.createdAt)).toEqual(["2026-03-07T12:00:00.000Z"]);
  });

  it("answers a filter alone with the first page of the default size", async () => {
    const player = await makePlayer(30);
    const answer = await player.client.get(`/api/game-sessions/${player.address}?currency=HC`);
    expect(answer.body.rounds).toHaveLength(23); // 30 rounds, 7 of them in AMINA
    expect(answer.body.nextCursor).toBeNull();
  });

  it("keeps the plain array for callers without paging keys", async () => {
    const player = await makePlayer(3);
    const answer = await player.client.get(`/api/game-sessions/${player.address}?limit=2`);
    expect(Array.isArray(answer.body)).toBe(true);
    expect(answer.body.map((row: Row) => row.id)).toEqual(player.ids.slice(0, 2));
  });

  it("refuses a bad query with 400 and changes nothing", async () => {
    const player = await makePlayer(2);
    const before = await snapshotMoney(casino.handle.db);
    const bad = [
      "pageSize=0",
      "pageSize=101",
      "pageSize=2.5",
      "pageSize=abc",
      "pageSize=5&limit=5",
      "pageSize=5&sort=asc",
      "before=1234",
      "before=abc_def_%3B--",
      "game=poker",
      "game=DICE",
      "currency=EUR",
      "from=yesterday",
      "to=2026-13-40",
      "from=2026-03-05&to=2026-03-01",
      "winsOnly=maybe",
      "game=dice&game=plinko",
    ];
    for (const query of bad) {
      const answer = await player.client.get(`/api/game-sessions/${player.address}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code, query).toBe("input/invalid");
    }
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it("is 401 without a session and 403 for another wallet, paged or not", async () => {
    const { client } = await connectDemoClient(casino.url);
    const { address: other } = await connectDemoClient(casino.url);
    expect((await client.get(`/api/game-sessions/${other}?pageSize=5`)).status).toBe(403);
    expect((await fetch(`${casino.url}/api/game-sessions/${other}?pageSize=5`)).status).toBe(401);
  });
});
