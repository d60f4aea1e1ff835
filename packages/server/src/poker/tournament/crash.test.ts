import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/connect.ts";
import { connectDemoClient, startTestCasino, type TestCasino } from "../../http/test-helpers.ts";
import { checkLedgerInvariants, getBalances } from "../../ledger/ledger.ts";
import { CASINO_MIGRATIONS } from "../../migrations.ts";
import { type ChildCasino, startChildCasino } from "../child-server.ts";
import { pokerDb } from "../db.ts";
import type { PokerOptions } from "../settings.ts";
import { fastPokerOptions } from "../test-helpers.ts";
import { tournamentDb } from "./db.ts";
import { tournamentEscrowAccount } from "./money.ts";
import { findTournament, listEntries } from "./store.ts";

const HC = 1_000_000;

/** What the database holds of a tournament (the casino may be dead, stopped or running). */
async function readTournament(dataDir: string, tournamentId: string, userId: string) {
  const handle = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir, backgroundCheckpoints: false });
  try {
    const t = (await findTournament(handle.db, tournamentId))!;
    const entries = await listEntries(handle.db, tournamentId);
    const hands = await pokerDb(handle.db)
      .selectFrom("poker_hands")
      .select(["id", "hand_number", "status"])
      .where("table_id", "=", t.table_id)
      .orderBy("id")
      .execute();
    const payouts = await tournamentDb(handle.db)
      .selectFrom("tournament_payouts")
      .selectAll()
      .where("tournament_id", "=", tournamentId)
      .execute();
    return {
      t,
      entries,
      hands: hands.map((h) => ({ id: Number(h.id), number: Number(h.hand_number), status: h.status })),
      payouts: payouts.map((p) => ({
        place: Number(p.place),
        amount: Number(p.amount),
        playerId: p.player_id,
      })),
      escrow: (await getBalances(handle.db, tournamentEscrowAccount(tournamentId))).HC,
      balance: (await getBalances(handle.db, userId)).HC,
      invariants: await checkLedgerInvariants(handle.db),
    };
  } finally {
    await handle.close();
  }
}

/** Start stacks of a stored hand, by player. */
async function readStartStacks(casino: TestCasino, handId: number): Promise<Record<string, number>> {
  const rows = await pokerDb(casino.handle.db)
    .selectFrom("poker_hand_players")
    .select(["player_id", "start_stack"])
    .where("hand_id", "=", handId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.player_id, Number(r.start_stack)]));
}

describe("Sit & Go crash safety: the database is the truth", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "casino-sng-crash-"));
  let child: ChildCasino | undefined;
  let casino: TestCasino | undefined;
  afterAll(async () => {
    await child?.kill().catch(() => undefined);
    await casino?.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("resumes a tournament killed mid-hand at the last stored stacks, voids the hand, pays each prize once", async () => {
    // A long action timer holds the hand on the human's turn, where the process is killed.
    const poker: PokerOptions = {
      actionTimeoutMs: 60_000,
      timeBankMs: 0,
      autoStartDelayMs: 10,
      botDelayMs: [1, 3],
    };
    child = await startChildCasino({
      dataDir,
      poker,
      tournaments: { levelMs: 1000, botFillMs: 0, tickMs: 20 },
    });
    const human = await connectDemoClient(child.url);
    const before = (await human.client.get(`/api/users/${human.address}`)).body;
    expect(before.houseBalance).toBe("1000");
    const list = (await human.client.get("/api/poker/tournaments")).body as {
      tournaments: { id: string; definitionId: string; status: string }[];
    };
    const t = list.tournaments.find((x) => x.definitionId === "hc-6max" && x.status === "registering")!;
    expect((await human.client.post(`/api/poker/tournaments/${t.id}/register`, {})).status).toBe(200);
    const tableId = `sng-${t.id}`;

    let crashedHand = 0;
    const until = Date.now() + 20_000;
    while (Date.now() < until && crashedHand === 0) {
      const view = (await human.client.get(`/api/poker/tables/${tableId}`)).body as {
        handNumber?: number;
        toActSeat?: number;
        version: number;
        players?: { userId: string; seatPosition: number }[];
      };
      const mine = view.players?.find((p) => p.userId === human.user.id);
      if (mine && view.toActSeat === mine.seatPosition) {
        const live = view.handNumber ?? 0;
        if (live >= 3) {
          crashedHand = live;
          break;
        }
        const checked = await human.client.post(`/api/poker/tables/${tableId}/action`, {
          actionType: "check",
          version: view.version,
        });
        if (checked.status !== 200)
          await human.client.post(`/api/poker/tables/${tableId}/action`, {
            actionType: "fold",
            version: view.version,
          });
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(crashedHand).toBeGreaterThanOrEqual(3);
    await child.kill();
    child = undefined;

    const crashed = await readTournament(dataDir, t.id, human.user.id);
    expect(crashed.t.status).toBe("running");
    expect(crashed.t.hand_count).toBe(crashedHand - 1);
    expect(crashed.hands.at(-1)).toMatchObject({ number: crashedHand, status: "live" });
    expect(crashed.entries.reduce((sum, e) => sum + e.stack, 0)).toBe(6 * 1500);
    expect(crashed.escrow).toBe(60 * HC);
    expect(crashed.balance).toBe(1000 * HC - 11 * HC);
    expect(crashed.payouts).toEqual([]);
    const stored = Object.fromEntries(
      crashed.entries.filter((e) => e.stack > 0).map((e) => [e.player_id, e.stack]),
    );

    // The restart: same database, fast timers; the human no longer acts (timed out, then blinded away).
    casino = await startTestCasino({
      dataDir,
      poker: fastPokerOptions({
        actionTimeoutMs: 40,
        timeBankMs: 0,
        autoStartDelayMs: 10,
        botDelayMs: [1, 3],
      }),
    });
    const resumed = casino.services.tournaments.tableOf(t.id);
    expect(resumed).toBeDefined();
    const voided = await pokerDb(casino.handle.db)
      .selectFrom("poker_hands")
      .select("status")
      .where("id", "=", crashed.hands.at(-1)!.id)
      .executeTakeFirstOrThrow();
    expect(voided.status).toBe("voided");
    let replay: { id: number } | undefined;
    for (let i = 0; i < 500 && !replay; i++) {
      const row = await pokerDb(casino.handle.db)
        .selectFrom("poker_hands")
        .select("id")
        .where("table_id", "=", tableId)
        .where("hand_number", "=", crashedHand)
        .where("status", "!=", "voided")
        .executeTakeFirst();
      replay = row ? { id: Number(row.id) } : undefined;
      if (!replay) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(replay).toBeDefined();
    expect(await readStartStacks(casino, replay!.id)).toEqual(stored);

    let finished = false;
    const end = Date.now() + 40_000;
    while (!finished && Date.now() < end) {
      finished = (await findTournament(casino.handle.db, t.id))?.status === "finished";
      if (!finished) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(finished).toBe(true);
    await casino.stop();
    casino = undefined;

    const done = await readTournament(dataDir, t.id, human.user.id);
    expect(done.escrow).toBe(0);
    expect(done.payouts.map((p) => [p.place, p.amount]).sort()).toEqual([
      [1, 39 * HC],
      [2, 21 * HC],
    ]);
    const mine = done.entries.find((e) => e.user_id === human.user.id)!;
    expect(mine.place).not.toBeNull();
    expect(done.balance).toBe(1000 * HC - 11 * HC + (mine.prize ?? 0));
    expect(done.entries.every((e) => e.place !== null && e.place >= 1 && e.place <= 6)).toBe(true);
    expect(done.entries.filter((e) => e.place === 1)).toHaveLength(1);
    expect(done.invariants.mismatches).toEqual([]);

    // Another start finds the tournament finished: nothing resumed, nothing paid again.
    casino = await startTestCasino({ dataDir, poker: fastPokerOptions() });
    expect(casino.services.tournaments.tableOf(t.id)).toBeUndefined();
    await casino.stop();
    casino = undefined;
    const again = await readTournament(dataDir, t.id, human.user.id);
    expect(again.payouts).toEqual(done.payouts);
    expect(again.balance).toBe(done.balance);
    expect(again.escrow).toBe(0);
    expect(again.invariants.ok).toBe(true);
  }, 90_000);
});
