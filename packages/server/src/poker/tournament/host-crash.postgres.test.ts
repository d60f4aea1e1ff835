/**
 * kill -9 of a Sit & Go's host among two casino processes on one PostgreSQL schema, then its
 * restart. Invariants: the survivor takes the tournament over once the dead host's lease expires;
 * the restarted process does not resume it while the survivor's lease is live (one copy: every
 * hand number is stored once, outside the hand voided by the crash); the prizes follow the final
 * stacks (first place holds every chip); the escrow ends at 0 and the ledger is exact.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, dropPostgresSchema, openDatabase } from "../../db/connect.ts";
import { postgresUrlForTests } from "../../db/test-databases.ts";
import { connectDemoClient } from "../../http/test-helpers.ts";
import { checkLedgerInvariants, getBalances } from "../../ledger/ledger.ts";
import { CASINO_MIGRATIONS } from "../../migrations.ts";
import { type ChildCasino, startChildCasino } from "../child-server.ts";
import { pokerDb } from "../db.ts";
import { fastPokerOptions } from "../test-helpers.ts";
import { tournamentEscrowAccount } from "./money.ts";
import { findTournament, listEntries } from "./store.ts";

const HC = 1_000_000;
const pgUrl = postgresUrlForTests();

describe.runIf(pgUrl)("kill -9 of a Sit & Go's host (PostgreSQL, two processes)", () => {
  const schema = `casino_sng_crash_${process.pid}_${Date.now()}`;
  const dataDir = mkdtempSync(join(tmpdir(), "casino-sng-host-"));
  const children = new Map<string, ChildCasino>();
  let handle: DatabaseHandle | undefined;
  afterAll(async () => {
    for (const child of children.values()) await child.kill().catch(() => undefined);
    await handle?.close();
    await dropPostgresSchema(pgUrl as string, schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts (or restarts) the casino process with node id `nodeId`. */
  async function startNode(nodeId: string): Promise<ChildCasino> {
    const child = await startChildCasino({
      dataDir,
      databaseUrl: pgUrl as string,
      pgSchema: schema,
      poker: {
        ...fastPokerOptions({
          actionTimeoutMs: 40,
          autoStartDelayMs: 10,
          botDelayMs: [1, 3],
          leaseTtlMs: 1500,
        }),
        random: undefined,
        nodeId,
      },
      tournaments: { levelMs: 1000, botFillMs: 0, tickMs: 20 },
    });
    children.set(nodeId, child);
    return child;
  }

  /** Polls the database until `check` holds. */
  async function waitForRow<T>(read: () => Promise<T>, check: (v: T) => boolean, what: string, ms = 30_000) {
    const until = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (check(value)) return value;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it("moves the tournament to the survivor, keeps the restarted process off it, and pays by the final stacks", async () => {
    const first = await startNode("sng-a");
    await startNode("sng-b");
    handle = await openDatabase({
      migrations: CASINO_MIGRATIONS,
      dataDir,
      databaseUrl: pgUrl as string,
      pgSchema: schema,
      poolSize: 2,
    });
    const db = handle.db;
    const human = await connectDemoClient(first.url);
    const list = (await human.client.get("/api/poker/tournaments")).body as {
      tournaments: { id: string; definitionId: string; status: string }[];
    };
    const id = list.tournaments.find((x) => x.definitionId === "hc-6max" && x.status === "registering")!.id;
    expect((await human.client.post(`/api/poker/tournaments/${id}/register`, {})).status).toBe(200);

    const started = await waitForRow(
      () => findTournament(db, id),
      (t) => (t?.hand_count ?? 0) >= 3 && t?.host_owner !== null,
      "three hands",
    );
    const deadId = started!.host_owner as string;
    const survivorId = deadId === "sng-a" ? "sng-b" : "sng-a";
    await children.get(deadId)!.kill();
    children.delete(deadId);

    const taken = await waitForRow(
      () => findTournament(db, id),
      (t) => t?.host_owner === survivorId,
      "the survivor's takeover",
    );
    expect(taken!.host_token).toBe(2);
    const restarted = await startNode(deadId);
    const survivor = children.get(survivorId)!;
    const tablePath = `/api/poker/tables/${taken!.table_id}`;
    expect((await fetch(`${restarted.url}${tablePath}`)).status).toBe(404);
    expect((await fetch(`${survivor.url}${tablePath}`)).status).toBe(200);

    const done = await waitForRow(
      () => findTournament(db, id),
      (t) => t?.status === "finished",
      "the end of the tournament",
      60_000,
    );
    expect(done!.host_owner).toBe(survivorId);
    expect(done!.host_token).toBe(2);
    const hands = await pokerDb(db)
      .selectFrom("poker_hands")
      .select(["hand_number", "status"])
      .where("table_id", "=", done!.table_id)
      .execute();
    const kept = hands.filter((h) => h.status !== "voided").map((h) => Number(h.hand_number));
    expect(new Set(kept).size).toBe(kept.length);
    expect(hands.filter((h) => h.status === "voided").length).toBeLessThanOrEqual(1);
    expect(Math.max(...kept)).toBe(done!.hand_count);

    const entries = await listEntries(db, id);
    const winner = entries.filter((e) => e.place === 1);
    expect(winner).toHaveLength(1);
    expect(winner[0]!.stack).toBe(6 * 1500);
    expect(entries.filter((e) => e.place !== 1).every((e) => e.stack === 0)).toBe(true);
    const payouts = await sql<{ place: number; amount: string; player_id: string }>`
      select place, amount, player_id from tournament_payouts where tournament_id = ${id} order by place`.execute(
      db,
    );
    expect(payouts.rows.map((p) => [Number(p.place), Number(p.amount)])).toEqual([
      [1, 39 * HC],
      [2, 21 * HC],
    ]);
    expect(payouts.rows[0]!.player_id).toBe(winner[0]!.player_id);
    expect((await getBalances(db, tournamentEscrowAccount(id))).HC).toBe(0);
    const mine = entries.find((e) => e.user_id === human.user.id)!;
    expect((await getBalances(db, human.user.id)).HC).toBe(1000 * HC - 11 * HC + (mine.prize ?? 0));
    const report = await checkLedgerInvariants(db);
    expect(report.mismatches).toEqual([]);
  }, 150_000);
});
