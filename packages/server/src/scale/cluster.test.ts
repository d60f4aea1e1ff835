/**
 * Three casino processes on PostgreSQL and Redis, used as players behind a round-robin proxy use
 * them: every call may land on any process.
 */
import { VersionedClient } from "@casino/sdk/versioned-client";
import { describe, expect, it } from "vitest";
import { SESSION_ENDED_CLOSE_CODE } from "../auth/revocation.ts";
import { setMaintenanceMode } from "../games/maintenance.ts";
import { checkLedgerInvariants } from "../ledger/ledger.ts";
import { pokerDb } from "../poker/db.ts";
import { GAME_ROOM } from "../rooms/games/game-room.ts";
import { canRunClusterTests, TEST_CLUSTER_OPERATOR_PASSWORD, useTestCluster } from "./test-cluster.ts";
import {
  callApi,
  checkOrCall,
  connectPlayer,
  joinLobby,
  joinTableRoom,
  seatOf,
  type TableRoom,
  type TestPlayer,
  waitForState,
} from "./test-players.ts";

describe.skipIf(!canRunClusterTests())("a cluster of three processes on PostgreSQL and Redis", () => {
  const cluster = useTestCluster({ processes: 3, label: "multi" });
  const urls = () => cluster.nodes.map((node) => node.url);
  const url = (i: number) => urls()[i % 3] as string;

  it("honours a session opened on one process on every other", async () => {
    const player = await connectPlayer(url(0));
    for (const base of urls()) {
      const session = await callApi(base, "GET", "/api/session", player.token);
      expect(session.body).toEqual({ walletAddress: player.address, userId: player.userId });
    }
    const ended = await callApi(url(1), "DELETE", "/api/session", player.token);
    expect(ended.status).toBe(204);
    // Another process may trust its short session cache for a few seconds, never longer.
    await new Promise((resolve) => setTimeout(resolve, 5500));
    for (const base of urls())
      expect((await callApi(base, "GET", "/api/session", player.token)).body.userId).toBe(null);
  });

  it("ends a session's rooms and cached copies on every process as soon as the logout is answered", async () => {
    const player = await connectPlayer(url(0));
    for (const base of urls())
      expect((await callApi(base, "GET", "/api/session", player.token)).body.userId).toBe(player.userId);
    const sdk = new VersionedClient(url(2));
    sdk.auth.token = player.token;
    const dice = await sdk.joinOrCreate(GAME_ROOM, { gameType: "dice" });
    const closed = new Promise<number>((resolve) => dice.onLeave((code) => resolve(code)));
    expect((await callApi(url(1), "DELETE", "/api/session", player.token)).status).toBe(204);
    // The revocation went out on Redis before the answer: well within the 5 s session cache.
    const deadline = Date.now() + 1000;
    for (const base of urls()) {
      while ((await callApi(base, "GET", "/api/session", player.token)).body.userId !== null)
        expect(Date.now()).toBeLessThan(deadline);
    }
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it("seats players who came through different processes at one table and plays a hand", async () => {
    const ann = await connectPlayer(url(0));
    const ben = await connectPlayer(url(1));
    // The table opens on the process that takes the first join; the second join, made through
    // another process, is handed to it.
    expect(
      (await callApi(url(0), "POST", "/api/poker/tables/house-beta/join", ann.token, { playerName: "Ann" }))
        .status,
    ).toBe(200);
    // From another site's page the call is refused where it lands; from the casino's own page it
    // is handed to the host, which agrees that the page is the casino's.
    const join = (origin: string) =>
      callApi(
        url(1),
        "POST",
        "/api/poker/tables/house-beta/join",
        ben.token,
        { playerName: "Ben" },
        { origin },
      );
    expect((await join("https://evil.example")).status).toBe(403);
    const benJoin = await join(new URL(url(1)).origin);
    expect(benJoin.status).toBe(200);
    expect(benJoin.body.tableId).toBe("house-beta");

    // Matchmaking through two other processes finds the one room, on the table's host.
    const annRoom = await joinTableRoom(url(1), ann, "house-beta");
    const benRoom = await joinTableRoom(url(2), ben, "house-beta");
    expect(benRoom.roomId).toBe(annRoom.roomId);
    const rooms: [TableRoom, TestPlayer][] = [
      [annRoom, ann],
      [benRoom, ben],
    ];
    const owner = await pokerDb(cluster.handle.db)
      .selectFrom("poker_tables")
      .select("lease_owner")
      .where("id", "=", "house-beta")
      .executeTakeFirstOrThrow();
    expect(owner.lease_owner).toBe(cluster.nodes[0]?.nodeId);

    // The lobby, wherever it runs, lists the table as its host sees it.
    const lobby = await joinLobby(url(2));
    await waitForState(lobby, (state) => state.tables.get("house-beta")?.playerCount === 2);

    const stops = rooms.map(([room, player]) => checkOrCall(room, player));
    await waitForState(annRoom, (state) => seatOf(state, ann.userId) >= 0 && seatOf(state, ben.userId) >= 0);
    annRoom.send("startHand", {});
    const ended = await waitForState(annRoom, (state) => state.lastHandNumber >= 1, 30_000);
    expect(ended.winners.length).toBeGreaterThan(0);
    for (const stop of stops) stop();

    const hands = await pokerDb(cluster.handle.db)
      .selectFrom("poker_hands")
      .select(["status", "hand_number"])
      .where("table_id", "=", "house-beta")
      .execute();
    expect(hands).toContainEqual({ status: "ended", hand_number: 1 });
    const listed = await callApi(url(2), "GET", "/api/poker/tables");
    expect(listed.body.find((t: { id: string }) => t.id === "house-beta")).toMatchObject({ playerCount: 2 });
    await Promise.all([annRoom.leave(), benRoom.leave(), lobby.leave()]);
  });

  it("keeps the ledger exact under bets from many players through all three processes", async () => {
    const players = await Promise.all(Array.from({ length: 24 }, (_, i) => connectPlayer(url(i))));
    const results = await Promise.all(
      players.map(async (player, i) => {
        const statuses: (number | string)[] = [];
        for (let bet = 0; bet < 8; bet++) {
          // Dice and plinko settle in one request whatever the outcome (slots may award free spins
          // that must be played first); four balls stay under plinko's five in flight.
          const game = bet % 2 === 0 ? "/api/games/dice" : "/api/games/plinko";
          const body =
            bet % 2 === 0
              ? { betAmount: 1, currency: "HC", betType: "seven" }
              : { betAmount: 1, currency: "HC", risk: "medium" };
          const answer = await callApi(url(i + bet), "POST", game, player.token, body);
          statuses.push(answer.status === 200 ? 200 : `${answer.status} ${JSON.stringify(answer.body)}`);
        }
        return statuses;
      }),
    );
    expect(results.flat().filter((status) => status !== 200)).toEqual([]);
    const rounds = await cluster.handle.db
      .selectFrom("game_rounds")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(
        "user_id",
        "in",
        players.map((p) => p.userId),
      )
      .executeTakeFirstOrThrow();
    expect(Number(rounds.n)).toBe(24 * 8);
    const report = await checkLedgerInvariants(cluster.handle.db);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.totals.HC.sum).toBe(0);
  });

  it("counts a player's plinko balls in flight across every process", async () => {
    const player = await connectPlayer(url(0));
    const drop = (i: number) =>
      callApi(url(i), "POST", "/api/games/plinko", player.token, {
        betAmount: 1,
        currency: "HC",
        risk: "low",
      });
    // Five balls through three processes, then a sixth through each: all three are refused.
    const five = await Promise.all([0, 1, 2, 3, 4].map(drop));
    expect(five.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await Promise.all([0, 1, 2].map(drop));
    expect(sixth.map((answer) => answer.status)).toEqual([409, 409, 409]);
    expect(sixth[0]?.body.message).toBe("Maximum 5 balls allowed!");
  });

  it("shares the operator's login, its failed-password throttle and the maintenance switch", async () => {
    const login = await callApi(url(0), "POST", "/api/security/login", undefined, {
      password: TEST_CLUSTER_OPERATOR_PASSWORD,
    });
    expect(login.status).toBe(200);
    const stats = await callApi(url(1), "GET", "/api/security/orion/stats", undefined, undefined, {
      authorization: `Bearer ${login.body.token}`,
    });
    expect(stats.status).toBe(200);

    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await callApi(url(i), "POST", "/api/security/login", undefined, { password: "wrong" })).status,
      );
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);

    const player = await connectPlayer(url(2));
    await setMaintenanceMode(cluster.handle.db, true);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const refused = await Promise.all(
        urls().map((base) =>
          callApi(base, "POST", "/api/games/dice", player.token, {
            betAmount: 1,
            currency: "HC",
            betType: "low",
          }),
        ),
      );
      expect(refused.map((r) => r.body.code)).toEqual([
        "casino/maintenance",
        "casino/maintenance",
        "casino/maintenance",
      ]);
    } finally {
      await setMaintenanceMode(cluster.handle.db, false);
    }
  });
});
