/**
 * kill -9 of one process of a three-process cluster during play: its clients see the drop, what
 * it held (a poker table with a live hand, open game rounds) is returned or settled by the
 * recovery rules when it starts again, tables live elsewhere are not touched, and no ledger row
 * is lost or written twice.
 */
import { VersionedClient } from "@casino/sdk/versioned-client";
import { describe, expect, it } from "vitest";
import { createAbandonedRoundSettler } from "../games/abandoned.ts";
import { checkLedgerInvariants, getBalances } from "../ledger/ledger.ts";
import { createLogger } from "../log.ts";
import { pokerDb } from "../poker/db.ts";
import { tableEscrowAccount } from "../poker/escrow.ts";
import { GAME_ROOM } from "../rooms/games/game-room.ts";
import type { CasinoServices } from "../services.ts";
import { canRunClusterTests, useTestCluster } from "./test-cluster.ts";
import { callApi, connectPlayer, joinTableRoom, type TestPlayer } from "./test-players.ts";

const HC = 1_000_000;

describe.skipIf(!canRunClusterTests())("kill -9 of one process of a cluster during play", () => {
  const cluster = useTestCluster({ processes: 3, label: "crash" });

  /** Every ledger entry id, and the facts the recovery must restore. */
  async function snapshot(players: TestPlayer[]) {
    const db = cluster.handle.db;
    const ids = (await db.selectFrom("ledger_entries").select("id").execute()).map((row) => Number(row.id));
    const balances = await Promise.all(players.map(async (p) => (await getBalances(db, p.userId)).HC));
    const seats = await pokerDb(db).selectFrom("poker_seats").select(["table_id", "user_id"]).execute();
    const hands = await pokerDb(db).selectFrom("poker_hands").select(["table_id", "status"]).execute();
    const escrow = (await getBalances(db, tableEscrowAccount("house-alpha"))).HC;
    return { ids, balances, seats, hands, escrow };
  }

  it("drops the dead process's clients, then returns its table's stacks on restart and leaves live tables alone", async () => {
    const [one, two, three] = cluster.nodes as [
      (typeof cluster.nodes)[0],
      (typeof cluster.nodes)[0],
      (typeof cluster.nodes)[0],
    ];
    // house-alpha is hosted by process two, house-beta by process one.
    const [ann, ben, cat, dan, eve] = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => connectPlayer(cluster.nodes[i % 3]!.url)),
    );
    const join = (url: string, player: TestPlayer, table: string) =>
      callApi(url, "POST", `/api/poker/tables/${table}/join`, player.token, { playerName: player.address });
    expect((await join(two.url, ann!, "house-alpha")).status).toBe(200);
    expect((await join(three.url, ben!, "house-alpha")).status).toBe(200);
    expect((await join(one.url, cat!, "house-beta")).status).toBe(200);
    expect((await join(two.url, dan!, "house-beta")).status).toBe(200);

    // A live hand on house-alpha with chips in the pot, played through a third process.
    const annRoom = await joinTableRoom(one.url, ann!, "house-alpha");
    annRoom.reconnection.enabled = false;
    expect(
      (await callApi(three.url, "POST", "/api/poker/tables/house-alpha/start-hand", ann!.token, {})).status,
    ).toBe(200);
    const view = (await callApi(one.url, "GET", "/api/poker/tables/house-alpha", ann!.token)).body;
    const actor = view.players.find(
      (p: { seatPosition: number }) => p.seatPosition === view.toActSeat,
    ).userId;
    const raiser = actor === ann!.userId ? ann! : ben!;
    const raised = await callApi(three.url, "POST", "/api/poker/tables/house-alpha/action", raiser.token, {
      actionType: "raise",
      amount: 100,
      version: view.version,
    });
    expect(raised.status).toBe(200);
    expect(raised.body.table.currentPot).toBe(110);

    // An open blackjack hand, and eve's game room on process two.
    const gameClient = new VersionedClient(two.url);
    gameClient.auth.token = eve!.token;
    const gameRoom = await gameClient.joinOrCreate(GAME_ROOM, { gameType: "blackjack" });
    gameRoom.reconnection.enabled = false;
    // A natural blackjack settles at once: deal again until a hand stays open.
    const deal = () =>
      callApi(two.url, "POST", "/api/games/blackjack/deal", eve!.token, { betAmount: 10, currency: "HC" });
    let dealt = await deal();
    for (let attempt = 0; attempt < 10 && dealt.status === 200 && dealt.body.result !== "playing"; attempt++)
      dealt = await deal();
    expect(dealt.body.result).toBe("playing");

    const players = [ann!, ben!, cat!, dan!];
    const before = await snapshot(players);
    expect(before.balances).toEqual([950 * HC, 950 * HC, 950 * HC, 950 * HC]);
    expect(before.escrow).toBe(100 * HC);

    const drops = [annRoom, gameRoom].map(
      (room) => new Promise<number>((resolve) => room.onLeave((code) => resolve(code))),
    );
    await two.kill();
    expect(await Promise.all(drops)).toEqual([1006, 1006]);

    // While process two is down its table is held: nothing is paid out twice or taken over.
    const during = await snapshot(players);
    expect(during.ids).toEqual(before.ids);

    await two.start();
    const after = await snapshot(players);
    expect(after.balances).toEqual([1000 * HC, 1000 * HC, 950 * HC, 950 * HC]);
    expect(after.escrow).toBe(0);
    expect(after.hands.filter((h) => h.table_id === "house-alpha").map((h) => h.status)).toEqual(["voided"]);
    expect(after.seats.filter((s) => s.table_id === "house-alpha")).toEqual([]);
    expect(
      after.seats
        .filter((s) => s.table_id === "house-beta")
        .map((s) => s.user_id)
        .sort(),
    ).toEqual([cat!.userId, dan!.userId].sort());
    const beta = await pokerDb(cluster.handle.db)
      .selectFrom("poker_tables")
      .select("lease_owner")
      .where("id", "=", "house-beta")
      .executeTakeFirstOrThrow();
    expect(beta.lease_owner).toBe(one.nodeId);
    // Not one ledger row lost; a second restart returns nothing twice.
    expect(before.ids.every((id) => after.ids.includes(id))).toBe(true);
    await two.stop();
    await two.start();
    expect((await snapshot(players)).ids).toEqual(after.ids);

    // The open blackjack hand survived in the database: the abandoned-round rule settles it.
    const { db } = cluster.handle;
    const settler = createAbandonedRoundSettler({
      // The settler reads the database, the log and the clock only.
      services: {
        handle: cluster.handle,
        log: createLogger("silent"),
        now: Date.now,
      } as unknown as CasinoServices,
      now: () => Date.now() + 3 * 60_000,
    });
    expect(await settler.settleOnce()).toBeGreaterThanOrEqual(1);
    const open = await db
      .selectFrom("game_rounds")
      .select("id")
      .where("user_id", "=", eve!.userId)
      .where("status", "=", "open")
      .execute();
    expect(open).toEqual([]);

    const report = await checkLedgerInvariants(db);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
