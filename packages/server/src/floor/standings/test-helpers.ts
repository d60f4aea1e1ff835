/**
 * Helpers of the standings tests: real rounds played through the REST routes, and the figures the
 * answers must equal, summed straight from game_rounds in SQL (no code shared with the queries).
 */
import { type Currency, unitsToCoins } from "@casino/protocol";
import { type Kysely, sql } from "kysely";
import { expect } from "vitest";
import type { Database } from "../../db/schema.ts";
import { type ApiClient, connectDemoClient, type TestCasino } from "../../http/test-helpers.ts";

/** One bet a test player places through the REST routes. */
export type Play =
  | { game: "dice"; bet: number; currency?: Currency; betType?: "low" | "seven" | "high" }
  | { game: "plinko"; bet: number; currency?: Currency; risk?: "low" | "medium" | "high" };

/** A connected demo player. */
export interface Player {
  client: ApiClient;
  userId: string;
  address: string;
  username: string;
}

/** Connects a new demo player; with `amina`, deposits that much AMINA from the demo faucet first. */
export async function connectPlayer(casino: TestCasino, amina?: string): Promise<Player> {
  const { client, user, address } = await connectDemoClient(casino.url);
  if (amina) {
    const deposit = await client.post("/api/crypto/deposit", { amount: amina });
    expect(deposit.status, deposit.text).toBe(200);
  }
  const username = `cosmic_${address.slice(-8)}`;
  return { client, userId: user.id, address, username };
}

/** Plays the bets one after another; every one must be accepted. */
export async function playAll(player: Player, plays: Play[]): Promise<void> {
  for (const play of plays) {
    const currency = play.currency ?? "HC";
    const answer =
      play.game === "dice"
        ? await player.client.post("/api/games/dice", {
            betAmount: play.bet,
            currency,
            betType: play.betType ?? "high",
          })
        : await player.client.post("/api/games/plinko", {
            betAmount: play.bet,
            currency,
            risk: play.risk ?? "high",
          });
    expect(answer.status, answer.text).toBe(200);
  }
}

/** Per player, straight from SQL: stake sum, biggest payout and best multiplier (as a float) of a period. */
export async function sumBoardInSql(
  db: Kysely<Database>,
  board: { from: string; to: string; currency: Currency; game: string },
) {
  const game = board.game === "all" ? sql`` : sql`and r.game_type = ${board.game}`;
  const { rows } = await sql<{
    username: string;
    wagered: number | string;
    win: number | string;
    multiplier: number | string;
    rounds: number | string;
  }>`select u.username, sum(r.bet_amount) as wagered, max(r.win_amount) as win,
       max(r.win_amount * 1.0 / r.bet_amount) as multiplier, count(*) as rounds
     from game_rounds r join users u on u.id = r.user_id
     where r.status = 'settled' and r.currency = ${board.currency}
       and r.created_at >= ${Date.parse(board.from)} and r.created_at < ${Date.parse(board.to)} ${game}
     group by u.username`.execute(db);
  return new Map(
    rows.map((row) => [
      row.username,
      {
        wagered: unitsToCoins(Number(row.wagered)),
        win: unitsToCoins(Number(row.win)),
        multiplier: Number(row.multiplier),
        rounds: Number(row.rounds),
      },
    ]),
  );
}

/** A player's figures per game and currency straight from SQL, in coins. */
export async function sumProfileInSql(db: Kysely<Database>, userId: string) {
  const { rows } = await sql<{
    game_type: string;
    currency: Currency;
    wagered: number | string;
    won: number | string;
    biggest: number | string;
    wins: number | string;
    rounds: number | string;
  }>`select game_type, currency, sum(bet_amount) as wagered, sum(win_amount) as won,
       max(win_amount) as biggest, count(*) as rounds,
       count(case when win_amount > bet_amount then 1 end) as wins
     from game_rounds where user_id = ${userId} and status = 'settled'
     group by game_type, currency order by game_type, currency`.execute(db);
  return rows.map((row) => ({
    game: row.game_type,
    currency: row.currency,
    wagered: unitsToCoins(Number(row.wagered)),
    profit: unitsToCoins(Number(row.won) - Number(row.wagered)),
    rounds: Number(row.rounds),
    wins: Number(row.wins),
    biggestWin: unitsToCoins(Number(row.biggest)),
  }));
}

/** A board's rows must be SQL's players ranked by the metric, each value equal to SQL's. */
export function expectBoardMatchesSql(
  // biome-ignore lint/suspicious/noExplicitAny: the answer's JSON as the test reads it
  board: any,
  expected: Awaited<ReturnType<typeof sumBoardInSql>>,
): void {
  const metric = board.metric as "wagered" | "win" | "multiplier";
  const ranked = [...expected].filter(([, figures]) => figures[metric] > 0);
  ranked.sort(([, a], [, b]) => b[metric] - a[metric]);
  expect(board.rows.map((row: { value: number }) => row.value)).toEqual(
    ranked.map(([, figures]) =>
      metric === "multiplier" ? expect.closeTo(figures.multiplier, 3) : figures[metric],
    ),
  );
  for (const row of board.rows) {
    const figures = expected.get(row.player);
    expect(figures, row.player).toBeDefined();
    expect(row.rounds).toBe(figures?.rounds);
    const value = figures?.[metric] ?? Number.NaN;
    if (metric === "multiplier") expect(Math.abs(row.value - value)).toBeLessThan(1e-4);
    else expect(row.value).toBe(value);
  }
}
