/**
 * Leaderboards and profile over real HTTP on SQLite. Invariants: every board equals a direct SQL
 * aggregate over the same settled rounds of its UTC period; a board is reused for its cache time
 * and recomputed after; periods start at UTC midnight and on Monday; boards name players by username,
 * never by wallet; a bad query is a 400; a profile equals SQL's sums of the player's own rounds.
 */
import { HIDDEN_PLAYER_NAME, periodBounds } from "@casino/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { createClient, useCasino } from "../../http/test-helpers.ts";
import { setHiddenFromFloor } from "../feed/privacy.ts";
import { LEADERBOARD_CACHE_MS } from "./standings.ts";
import {
  connectPlayer,
  expectBoardMatchesSql,
  type Player,
  playAll,
  sumBoardInSql,
  sumProfileInSql,
} from "./test-helpers.ts";

const casino = useCasino();
let players: Player[] = [];

beforeAll(async () => {
  players = await Promise.all([connectPlayer(casino), connectPlayer(casino), connectPlayer(casino, "0.05")]);
  const [ada, bo, cy] = players as [Player, Player, Player];
  await Promise.all([
    playAll(ada, [
      { game: "dice", bet: 10 },
      { game: "dice", bet: 5, betType: "seven" },
      { game: "plinko", bet: 3 },
    ]),
    playAll(bo, [
      { game: "plinko", bet: 20, risk: "low" },
      { game: "plinko", bet: 1 },
      { game: "dice", bet: 2, betType: "low" },
    ]),
    playAll(cy, [
      { game: "dice", bet: 7 },
      { game: "dice", bet: 0.01, currency: "AMINA" },
      { game: "plinko", bet: 0.02, currency: "AMINA", risk: "medium" },
    ]),
  ]);
});

/** GET /api/leaderboards with a query string; must answer 200. */
async function getBoard(query: string) {
  const answer = await createClient(casino.url).get(`/api/leaderboards?${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

describe("GET /api/leaderboards", () => {
  it("equals a direct SQL aggregate for every period, game, metric and currency", async () => {
    for (const period of ["day", "week"])
      for (const game of ["all", "dice", "plinko", "slots"])
        for (const currency of ["HC", "AMINA"])
          for (const metric of ["wagered", "multiplier", "win"]) {
            const board = await getBoard(
              `period=${period}&game=${game}&metric=${metric}&currency=${currency}`,
            );
            expect(board).toMatchObject({ period, game, metric, currency });
            expectBoardMatchesSql(board, await sumBoardInSql(casino.handle.db, board));
          }
    const wagered = await getBoard("period=day&game=all&metric=wagered&currency=HC");
    expect(wagered.rows.map((row: { player: string }) => row.player)).toEqual(
      [players[1], players[0], players[2]].map((p) => p?.username),
    );
    expect(wagered.rows.map((row: { value: number }) => row.value)).toEqual([23, 18, 7]);
  });

  it("reads the boards on the read worker, off the event loop", () => {
    expect(casino.services.standings.where).toBe("worker");
  });

  it("names players by username only, never by wallet", async () => {
    const board = await getBoard("period=week&metric=wagered");
    const text = JSON.stringify(board);
    for (const player of players) expect(text).not.toContain(player.address);
    expect(board.rows.every((row: { player: string }) => /^cosmic_[A-Z0-9]{8}$/.test(row.player))).toBe(true);
    expect(board.rows.every((row: { hidden: boolean }) => row.hidden === false)).toBe(true);
  });

  it("reuses a board for its cache time, then recomputes it from the new rounds", async () => {
    const before = await getBoard("period=week&game=dice&metric=wagered");
    const [ada] = players as [Player];
    await playAll(ada, [{ game: "dice", bet: 50 }]);
    expect(await getBoard("period=week&game=dice&metric=wagered")).toEqual(before);
    casino.advanceClock(LEADERBOARD_CACHE_MS);
    const after = await getBoard("period=week&game=dice&metric=wagered");
    expect(after.generatedAt).not.toBe(before.generatedAt);
    expectBoardMatchesSql(after, await sumBoardInSql(casino.handle.db, after));
    expect(after.rows.find((row: { player: string }) => row.player === ada.username)?.value).toBe(
      before.rows.find((row: { player: string }) => row.player === ada.username).value + 50,
    );
  });

  it("shows a player who hides from the floor as Hidden, in the same place", async () => {
    const [, bo] = players as [Player, Player];
    const query = "period=week&game=all&metric=wagered&currency=HC";
    casino.advanceClock(LEADERBOARD_CACHE_MS);
    const open = await getBoard(query);
    await setHiddenFromFloor(casino.handle.db, bo.userId, true, casino.services.now());
    casino.advanceClock(LEADERBOARD_CACHE_MS);
    const board = await getBoard(query);
    const at = open.rows.findIndex((row: { player: string }) => row.player === bo.username);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(board.rows[at]).toEqual({ ...open.rows[at], player: HIDDEN_PLAYER_NAME, hidden: true });
    expect(JSON.stringify(board)).not.toContain(bo.username);
    await setHiddenFromFloor(casino.handle.db, bo.userId, false, casino.services.now());
    casino.advanceClock(LEADERBOARD_CACHE_MS);
    expect((await getBoard(query)).rows[at]).toEqual(open.rows[at]);
  });

  it("refuses a bad query with a 400", async () => {
    const client = createClient(casino.url);
    for (const query of [
      "period=month",
      "game=poker",
      "game=",
      "metric=profit",
      "currency=BTC",
      "limit=5",
      "period=day&period=week",
    ]) {
      const answer = await client.get(`/api/leaderboards?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code).toBe("input/invalid");
    }
  });
});

describe("GET /api/profile", () => {
  it("needs a session", async () => {
    const answer = await createClient(casino.url).get("/api/profile");
    expect(answer.status).toBe(401);
  });

  it("equals SQL's sums of the player's own rounds, with a profit curve ending at the total profit", async () => {
    for (const player of players) {
      const answer = await player.client.get("/api/profile");
      expect(answer.status, answer.text).toBe(200);
      const profile = answer.body;
      expect(profile.username).toBe(player.username);
      expect(JSON.stringify(profile)).not.toContain(player.address);
      const expected = await sumProfileInSql(casino.handle.db, player.userId);
      expect(profile.games).toEqual(expected.map((row) => ({ ...row, winRate: row.wins / row.rounds })));
      for (const total of profile.totals) {
        const rows = expected.filter((row) => row.currency === total.currency);
        const sum = (pick: (row: (typeof rows)[number]) => number) =>
          rows.reduce((acc, row) => acc + Math.round(pick(row) * 1e6), 0) / 1e6;
        expect(total.wagered).toBe(sum((row) => row.wagered));
        expect(total.profit).toBe(sum((row) => row.profit));
        expect(total.rounds).toBe(sum((row) => row.rounds));
        expect(total.biggestWin).toBe(Math.max(...rows.map((row) => row.biggestWin)));
        const curve = profile.profitCurve[total.currency];
        expect(curve).toHaveLength(total.rounds);
        expect(curve.at(-1).profit).toBe(total.profit);
      }
    }
    const cy = (await players[2]?.client.get("/api/profile"))?.body;
    expect(cy.totals.map((total: { currency: string }) => total.currency)).toEqual(["HC", "AMINA"]);
  });
});

describe("periods on the injected clock", () => {
  it("counts a round in its UTC day and its Monday-based week only", async () => {
    const monday = Date.parse("2031-03-03T00:00:00.000Z"); // a Monday
    expect(new Date(monday).getUTCDay()).toBe(1);
    const edge = await connectPlayer(casino);
    await playAll(edge, [
      { game: "dice", bet: 4 },
      { game: "dice", bet: 6 },
    ]);
    const rounds = await casino.handle.db
      .selectFrom("game_rounds")
      .select("id")
      .where("user_id", "=", edge.userId)
      .orderBy("created_at")
      .execute();
    const stamps = [monday - 1, monday]; // Sunday's last millisecond, then Monday's first
    for (const [i, round] of rounds.entries())
      await casino.handle.db
        .updateTable("game_rounds")
        .set({ created_at: stamps[i] ?? 0, settled_at: stamps[i] ?? 0 })
        .where("id", "=", round.id)
        .execute();

    const wageredBy = async (period: string) => {
      const board = await getBoard(`period=${period}&game=dice&metric=wagered`);
      return board.rows.find((row: { player: string }) => row.player === edge.username)?.value;
    };
    casino.advanceClock(monday + 10_000 - casino.services.now());
    expect(await wageredBy("day")).toBe(6);
    expect(await wageredBy("week")).toBe(6);
    casino.advanceClock(-20_000); // Sunday 23:59:50
    expect(await wageredBy("day")).toBe(4);
    expect(await wageredBy("week")).toBe(4);
    casino.advanceClock(86_400_000 + 20_000); // Tuesday 00:00:10
    expect(await wageredBy("day")).toBeUndefined();
    expect(await wageredBy("week")).toBe(6);
    casino.advanceClock(6 * 86_400_000); // the next Monday
    expect(await wageredBy("week")).toBeUndefined();
    const board = await getBoard("period=week&game=dice&metric=wagered");
    expect(board.from).toBe(new Date(periodBounds("week", monday + 7 * 86_400_000).from).toISOString());
  });
});
