import { createSeededRandom } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { fullTableScans, recordStatements } from "../../db/query-plans.test-helpers.ts";
import { connectDemoClient, securityEventsOf } from "../../http/test-helpers.ts";
import { insertPokerHand, insertPokerTable, playCheckedHand, useOperatorCasino } from "../test-helpers.ts";

const { casino, operator } = useOperatorCasino({ random: createSeededRandom(7) });

/** Runs one monitor and stores the events it raised. */
async function run(persona: "orion" | "vega" | "lyra" | "sirius") {
  await casino.flushSecurityEvents();
  await casino.services.operator.scheduler?.runNow(persona);
  await casino.flushSecurityEvents();
}

async function resolveAll() {
  await casino.handle.db.updateTable("security_events").set({ resolved: 1 }).execute();
}

/** Changes a player's HC balance row directly, behind the ledger's back. */
async function shiftBalance(userId: string, delta: number) {
  await casino.handle.db
    .updateTable("balances")
    .set((eb) => ({ balance: eb("balance", "+", delta) }))
    .where("account_id", "=", userId)
    .where("currency", "=", "HC")
    .execute();
}

describe("Vega, the bookkeeper", () => {
  it("counts ledger entries and checks on a sound ledger", async () => {
    const { client } = await connectDemoClient(casino.url);
    for (let i = 0; i < 3; i++)
      expect(
        (await client.post("/api/games/dice", { betAmount: 2, currency: "HC", betType: "low" })).status,
      ).toBe(200);
    await run("vega");
    const stats = await operator.get("/api/security/vega/stats");
    const entries = await casino.handle.db.selectFrom("ledger_entries").select("id").execute();
    expect(stats.body).toMatchObject({
      totalReports: 1,
      bookkeepingEntries: entries.length,
      issuesDetected: 0,
    });
    expect(stats.body.financialChecks).toBeGreaterThan(0);
  });

  it("reports a balance row changed behind the ledger's back as a critical event, once", async () => {
    const { user } = await connectDemoClient(casino.url);
    await shiftBalance(user.id, 5_000_000);
    await run("vega");
    await run("vega");
    const events = await securityEventsOf(casino, "ledger_mismatch");
    expect(events.map((e) => [e.severity, e.blocked, e.rule])).toContainEqual([
      "critical",
      0,
      "vega/balance_vs_entries",
    ]);
    expect(events.filter((e) => e.details.includes(user.id))).toHaveLength(1);
    expect((await operator.get("/api/security/dom")).body.status).toBe("CRITICAL");
    const stats = await operator.get("/api/security/vega/stats");
    expect(stats.body.issuesDetected).toBe(events.length);
    const scan = await operator.get("/api/security/comprehensive");
    expect(scan.body.ledger).toMatchObject({ ok: false, mismatchCount: events.length });
    await shiftBalance(user.id, -5_000_000);
    await run("vega");
    expect((await operator.get("/api/security/comprehensive")).body.ledger.ok).toBe(true);
    await resolveAll();
    expect((await operator.get("/api/security/dom")).body.status).toBe("SECURE");
  });
});

describe("Orion, the fairness auditor", () => {
  it("re-verifies revealed rounds and flags one whose stored win was altered", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    await client.post("/api/games/plinko", { betAmount: 1, currency: "HC", risk: "medium" });
    await client.post("/api/games/dice", { betAmount: 1, currency: "HC", betType: "seven" });
    await run("orion");
    expect((await operator.get("/api/security/orion/stats")).body.fairnessVerifications).toBe(0); // seeds still secret
    expect((await client.post("/api/game-seeds/new-server-seed", { walletAddress: address })).status).toBe(
      200,
    );
    await run("orion");
    const clean = await operator.get("/api/security/orion/stats");
    expect(clean.body).toMatchObject({ fairnessVerifications: 2, issuesDetected: 0 });
    expect(clean.body.details.roundsVerified).toBe(2);

    const dice = await casino.handle.db
      .selectFrom("game_rounds")
      .select("id")
      .where("game_type", "=", "dice")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    await casino.handle.db
      .updateTable("game_rounds")
      .set((eb) => ({ win_amount: eb("win_amount", "+", 1_000_000) }))
      .where("id", "=", dice.id)
      .execute();
    await run("orion");
    await run("orion");
    const flagged = (await securityEventsOf(casino, "fairness_mismatch")).filter(
      (e) => e.location === `game round ${dice.id}`,
    );
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatchObject({ severity: "critical", rule: "orion/replay" });
    expect(flagged[0]?.details).toContain("the replay pays");
    expect((await operator.get("/api/security/orion/stats")).body.issuesDetected).toBe(1);
    await resolveAll();
  });

  it("re-verifies finished poker hands and flags a hand whose dealt cards do not follow its seed", async () => {
    await insertPokerTable(casino.handle.db, "audit-table", casino.services.now() + 60_000);
    const honest = playCheckedHand("11".repeat(32));
    await insertPokerHand(casino.handle.db, "audit-table", honest, { status: "ended", startedAt: 1 });
    const rigged = playCheckedHand("22".repeat(32));
    const swapped = rigged.events.map((e) =>
      e.type === "street_dealt" && e.street === "turn" ? { ...e, cards: [(e.cards[0]! + 1) % 52] } : e,
    );
    const riggedId = await insertPokerHand(
      casino.handle.db,
      "audit-table",
      { ...rigged, events: swapped },
      { status: "ended", startedAt: 2 },
    );
    await run("orion");
    const flagged = await securityEventsOf(casino, "fairness_mismatch");
    expect(flagged.filter((e) => e.location === `poker hand ${riggedId}`).map((e) => e.details)).toEqual([
      "Re-verification failed: board card 4 differs from the deck",
    ]);
    expect(flagged.filter((e) => e.location.startsWith("poker hand"))).toHaveLength(1);
    expect(
      (await operator.get("/api/security/orion/stats")).body.details.handsVerified,
    ).toBeGreaterThanOrEqual(2);
    await resolveAll();
  });
});

describe("Lyra, the dealer monitor", () => {
  it("counts shuffles and tables, and flags a stuck hand and a broken commitment once each", async () => {
    const now = casino.services.now();
    await insertPokerTable(casino.handle.db, "orphan-table", now - 5 * 60_000);
    const stuck = await insertPokerHand(casino.handle.db, "orphan-table", playCheckedHand("33".repeat(32)), {
      status: "live",
      startedAt: now - 6 * 60_000,
    });
    await insertPokerTable(casino.handle.db, "hosted-table", now + 60_000);
    const forged = await insertPokerHand(casino.handle.db, "hosted-table", playCheckedHand("44".repeat(32)), {
      status: "live",
      startedAt: now,
      deckHash: "ab".repeat(32),
    });
    await run("lyra");
    await run("lyra");
    const stuckEvents = await securityEventsOf(casino, "stuck_hand");
    expect(stuckEvents.map((e) => [e.severity, e.location, e.rule])).toEqual([
      ["high", "poker table orphan-table", "lyra/host_lease_expired"],
    ]);
    const commitments = await securityEventsOf(casino, "shuffle_commitment_mismatch");
    expect(commitments.map((e) => [e.severity, e.location])).toEqual([["critical", `poker hand ${forged}`]]);
    const hands = await casino.handle.db
      .withTables<{ poker_hands: { status: string } }>()
      .selectFrom("poker_hands")
      .select("status")
      .execute();
    const tables = await casino.handle.db
      .withTables<{ poker_tables: { id: string } }>()
      .selectFrom("poker_tables")
      .select("id")
      .execute();
    const stats = await operator.get("/api/security/lyra/stats");
    expect(stats.body).toMatchObject({
      totalShuffles: hands.length,
      tablesMonitored: tables.length,
      issuesDetected: 2,
      tasksDispatched: 2,
    });
    expect(stats.body.details).toMatchObject({
      shufflesRevealed: hands.filter((h) => h.status === "ended").length,
      liveHands: 2,
      stuckHands: 1,
    });
    const scan = await operator.get("/api/security/comprehensive");
    expect(scan.body.tables.stuckHands.map((s: { handId: number }) => s.handId)).toEqual([stuck]);
    await resolveAll();
  });

  it("keeps its hand counts exact run after run without reading the finished hands", async () => {
    const db = casino.handle.db;
    const handsDb = db.withTables<{ poker_hands: { id: number; status: string } }>();
    const now = casino.services.now();
    await insertPokerTable(db, "counted-table", now + 60_000);
    const expectCounts = async () => {
      const rows = await handsDb.selectFrom("poker_hands").select("status").execute();
      const stats = await operator.get("/api/security/lyra/stats");
      expect(stats.body.totalShuffles).toBe(rows.length);
      expect(stats.body.details).toMatchObject({
        shufflesRevealed: rows.filter((r) => r.status === "ended").length,
        liveHands: rows.filter((r) => r.status === "live").length,
      });
    };
    const sqlite = casino.handle.sqlite!;
    const statements: string[] = [];
    for (let pass = 0; pass < 3; pass++) {
      for (let i = 0; i < 4; i++)
        await insertPokerHand(db, "counted-table", playCheckedHand(`${pass}${i}`.padEnd(64, "5")), {
          status: i === 0 ? "live" : "ended",
          startedAt: now,
        });
      // A hand an earlier run counted is voided: the totals follow.
      await handsDb
        .updateTable("poker_hands")
        .set({ status: "voided" })
        .where("id", "=", pass + 1)
        .execute();
      statements.push(...(await recordStatements(sqlite, () => run("lyra"))));
      await expectCounts();
    }
    // Every statement of Lyra's on the hands reads an index or a key range, never the whole table.
    const handReads = statements.filter((text) => /from "poker_hands"/i.test(text) && /^select/i.test(text));
    expect(handReads.length).toBeGreaterThan(0);
    for (const text of handReads)
      expect(fullTableScans(sqlite, text, ["h", "poker_hands"]), text).toEqual([]);
    await resolveAll();
  });
});

describe("Sirius, the sentinel", () => {
  it("aggregates each event once and flags a burst from one source", async () => {
    await run("sirius");
    const before = (await operator.get("/api/security/sirius/stats")).body;
    const { client } = await connectDemoClient(casino.url);
    for (let i = 0; i < 50; i++) await client.post("/api/games/dice", { betAmount: "bad" });
    await run("sirius");
    const after = (await operator.get("/api/security/sirius/stats")).body;
    expect(after.backendLogs - before.backendLogs).toBeGreaterThanOrEqual(50);
    expect(after.details.lowEvents - before.details.lowEvents).toBeGreaterThanOrEqual(50);
    expect(after.tasksDispatched - before.tasksDispatched).toBe(1);
    expect(await securityEventsOf(casino, "attack_burst")).toHaveLength(1);
  });
});
