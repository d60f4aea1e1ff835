/**
 * Leaderboards and profile over real HTTP on PostgreSQL (the reads run on the pool there):
 * every board and every profile equals a direct SQL aggregate over the same settled rounds.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { postgresUrlForTests } from "../../db/test-databases.ts";
import { createClient, usePostgresCasino } from "../../http/test-helpers.ts";
import * as standings from "./test-helpers.ts";

describe.runIf(postgresUrlForTests())("standings on PostgreSQL", () => {
  const casino = usePostgresCasino("standings");
  let players: standings.Player[] = [];
  beforeAll(async () => {
    players = await Promise.all([standings.connectPlayer(casino), standings.connectPlayer(casino, "0.05")]);
    const [ada, bo] = players as [standings.Player, standings.Player];
    await Promise.all([
      standings.playAll(ada, [
        { game: "dice", bet: 10, betType: "seven" },
        { game: "plinko", bet: 3 },
      ]),
      standings.playAll(bo, [
        { game: "plinko", bet: 20, risk: "low" },
        { game: "dice", bet: 0.01, currency: "AMINA" },
      ]),
    ]);
  });

  it("boards equal a direct SQL aggregate", async () => {
    const client = createClient(casino.url);
    for (const game of ["all", "dice", "plinko"])
      for (const currency of ["HC", "AMINA"])
        for (const metric of ["wagered", "multiplier", "win"]) {
          const answer = await client.get(
            `/api/leaderboards?period=week&game=${game}&metric=${metric}&currency=${currency}`,
          );
          expect(answer.status, answer.text).toBe(200);
          standings.expectBoardMatchesSql(
            answer.body,
            await standings.sumBoardInSql(casino.handle.db, answer.body),
          );
        }
  });

  it("profiles equal SQL's sums of the player's rounds", async () => {
    for (const player of players) {
      const answer = await player.client.get("/api/profile");
      expect(answer.status, answer.text).toBe(200);
      const expected = await standings.sumProfileInSql(casino.handle.db, player.userId);
      expect(answer.body.games).toEqual(expected.map((row) => ({ ...row, winRate: row.wins / row.rounds })));
    }
  });
});
