import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/connect.ts";
import { connectDemoClient } from "../http/test-helpers.ts";
import { checkLedgerInvariants, getBalances } from "../ledger/ledger.ts";
import { CASINO_MIGRATIONS } from "../migrations.ts";
import { type ChildCasino, startChildCasino } from "./child-server.ts";
import { pokerDb } from "./db.ts";
import { tableEscrowAccount } from "./escrow.ts";

/** A port nobody listens on now, so the restarted casino answers at the same address. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Reads the database of a stopped (or killed) casino. */
async function inspect(dataDir: string, userIds: string[]) {
  const handle = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir, backgroundCheckpoints: false });
  try {
    const balances = await Promise.all(userIds.map(async (id) => (await getBalances(handle.db, id)).HC));
    const escrow = (await getBalances(handle.db, tableEscrowAccount("house-alpha"))).HC;
    const hands = await pokerDb(handle.db).selectFrom("poker_hands").select(["status"]).execute();
    const seats = await pokerDb(handle.db).selectFrom("poker_seats").selectAll().execute();
    const invariants = await checkLedgerInvariants(handle.db);
    return { balances, escrow, hands: hands.map((h) => h.status), seats: seats.length, invariants };
  } finally {
    await handle.close();
  }
}

/** What a stopped casino should hold for two players with the same balance: balances, escrow, hand statuses, seats. */
function holding(balance: number, escrow: number, hand: string, seats: number) {
  return { balances: [balance, balance], escrow, hands: [hand], seats };
}

describe("crash safety: the escrow is the truth", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "casino-poker-crash-"));
  let child: ChildCasino | undefined;
  afterAll(async () => {
    await child?.kill().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("returns the stacks of a hand interrupted by kill -9 when the server starts again", async () => {
    const poker = { bots: false, autoStartDelayMs: 60_000, actionTimeoutMs: 60_000 };
    const port = await freePort();
    child = await startChildCasino({ dataDir, port, poker });
    const a = await connectDemoClient(child.url);
    const b = await connectDemoClient(child.url);
    expect((await a.client.post("/api/poker/tables/house-alpha/join", { playerName: "Ann" })).status).toBe(
      200,
    );
    expect((await b.client.post("/api/poker/tables/house-alpha/join", { playerName: "Ben" })).status).toBe(
      200,
    );
    expect((await a.client.post("/api/poker/tables/house-alpha/start-hand", {})).status).toBe(200);
    const view = (await a.client.get("/api/poker/tables/house-alpha")).body;
    const actor = view.players.find(
      (p: { seatPosition: number }) => p.seatPosition === view.toActSeat,
    ).userId;
    const raiser = actor === a.user.id ? a : b;
    const raised = await raiser.client.post("/api/poker/tables/house-alpha/action", {
      actionType: "raise",
      amount: 100,
      version: view.version,
    });
    expect(raised.status).toBe(200);
    expect(raised.body.table.currentPot).toBe(110);

    await child.kill();
    const players = [a.user.id, b.user.id];
    expect(await inspect(dataDir, players)).toMatchObject(holding(950_000_000, 100_000_000, "live", 2));

    child = await startChildCasino({ dataDir, port, poker });
    const ann = await a.client.get(`/api/users/${a.address}`);
    expect(ann.body.houseBalance).toBe("1000");
    const listed = await a.client.get("/api/poker/tables");
    expect(listed.body[0]).toMatchObject({ id: "house-alpha", playerCount: 0 });
    await child.stop();

    expect(await inspect(dataDir, players)).toMatchObject({
      ...holding(1_000_000_000, 0, "voided", 0),
      invariants: { mismatches: [], ok: true },
    });
  });
});
