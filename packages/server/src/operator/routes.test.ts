import { PERSONA_STAT_FIELDS } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { connectDemoClient, countRows, createClient } from "../http/test-helpers.ts";
import { TEST_VAULT_PASSWORD, useOperatorCasino } from "./test-helpers.ts";

const { casino, operator } = useOperatorCasino();

const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

/** Runs every monitor once and stores queued events. */
async function sweep() {
  await casino.flushSecurityEvents();
  await casino.services.operator.scheduler?.runNow();
  await casino.flushSecurityEvents();
}

describe("the dashboard's views on a quiet casino", () => {
  it("starts SECURE with every figure present", async () => {
    const dom = await operator.get("/api/security/dom");
    expect(dom.body).toEqual({
      status: "SECURE",
      timestamp: iso,
      activeIssues: 0,
      unresolvedCritical: 0,
      unresolvedHigh: 0,
      totalEvents: expect.any(Number),
      threatsBlocked: expect.any(Number),
      betsToday: 0,
      maintenance: false,
    });
    const report = await operator.get("/api/security/domain/report");
    expect(report.body).toEqual({
      domain: "127.0.0.1",
      status: "SECURE",
      totalIssuesFixed: expect.any(Number),
      activeIssues: 0,
      lastCheckup: null,
      maintenance: false,
      maintenanceSince: null,
    });
  });

  it("answers each persona's stats with the nine SPEC fields", async () => {
    await sweep();
    for (const [persona, name, role] of [
      ["orion", "Orion", "Fairness Auditor"],
      ["vega", "Vega", "Bookkeeper"],
      ["lyra", "Lyra", "Dealer Monitor"],
      ["sirius", "Sirius", "Sentinel"],
    ]) {
      const stats = await operator.get(`/api/security/${persona}/stats`);
      expect(stats.body).toMatchObject({ persona, name, role, lastRunAt: iso, totalReports: 1 });
      for (const field of PERSONA_STAT_FIELDS)
        expect(typeof stats.body[field], `${persona}.${field}`).toBe("number");
    }
    expect((await operator.get("/api/security/pluto/stats")).status).toBe(404);
    const lyra = await operator.get("/api/security/lyra/stats");
    expect(lyra.body.tablesMonitored).toBeGreaterThan(0); // the catalogue's seeded tables
    const report = await operator.get("/api/security/domain/report");
    expect(report.body.lastCheckup).toEqual(iso);
  });

  it("shows the vault's measured health", async () => {
    const vault = await operator.get("/api/security/sirius/vault", {
      "x-vault-password": TEST_VAULT_PASSWORD,
    });
    expect(vault.body).toEqual({
      serverStatus: {
        uptime: expect.any(Number),
        nodeVersion: process.version,
        platform: process.platform,
        arch: process.arch,
        memoryRssMb: expect.any(Number),
      },
      systemHealth: {
        databaseConnection: "connected",
        databaseLatencyMs: expect.any(Number),
        databaseDialect: "sqlite",
        apiResponseTime: null, // the dashboard's own calls are not measured, and players made none yet
        errorRate: 0,
        requestsMeasured: 0,
        eventLoopDelay: expect.objectContaining({
          windowMs: 60_000,
          thresholdMs: 100,
          window: expect.objectContaining({ p50Ms: expect.any(Number), p99Ms: expect.any(Number) }),
        }),
      },
      cryptoSecurity: {
        addressesProtected: 0,
        aminaTokenSecurity: expect.objectContaining({ supplyIntact: true, totalSupply: "1000" }),
        privateKeyProtection: { playerKeysHeld: 0, signedChallengesVerified: 0 },
        transactionSafety: expect.objectContaining({ ledgerBalanced: true, confirmedTransfers: 0 }),
      },
      recentActivity: {
        gameSessionsToday: 0,
        securityChecksPerformed: 4,
        threatsBlocked: expect.any(Number),
        vulnerabilitiesFixed: 0,
      },
      hackerAttempts: {
        totalBlocked: expect.any(Number),
        lastBlockedIP: null,
        mostCommonAttack: null,
        autoBlockingActive: true,
      },
      protectedBy: "Orion (Fairness Auditor), Vega (Bookkeeper), Lyra (Dealer Monitor), Sirius (Sentinel)",
      vaultRefreshCycle: "5 minutes",
      lastUpdated: iso,
    });
  });
});

describe("an attack script", () => {
  it("produces the events the dashboard then lists, with hashed sources and the blocking rule", async () => {
    const { client: mallory } = await connectDemoClient(casino.url);
    const { address: victim } = await connectDemoClient(casino.url);
    const bet = { betAmount: 1, currency: "HC" };
    const malformed = await mallory.request("POST", "/api/games/dice", { rawBody: '{"betAmount": 1,' });
    const negative = await mallory.post("/api/games/dice", { ...bet, betAmount: -5, betType: "low" });
    const foreign = await mallory.post("/api/games/dice", { ...bet, betType: "low", walletAddress: victim });
    const forgedHilo = await mallory.post("/api/crypto/place-bet", {
      gameType: "hilo",
      ...bet,
      gameResult: { isWin: true, winAmount: 500, streak: 9 },
    });
    expect([malformed.status, negative.status, foreign.status, forgedHilo.status]).toEqual([
      400, 400, 403, 403,
    ]);
    const drops = [];
    for (let i = 0; i < 3; i++)
      drops.push(await mallory.post("/api/games/plinko", { ...bet, risk: "high", slotIndex: 0 }));
    expect(drops.map((d) => d.status)).toEqual([200, 200, 200]);
    expect(drops.some((d) => d.body.path !== 0)).toBe(true); // the server drops the ball, not the client
    await sweep();

    const list = await operator.get("/api/security/real-time-vulnerabilities");
    const items = list.body.recentVulnerabilities as Record<string, unknown>[];
    // Each drop whose server-decided slot differs from the claimed slot 0 is reported (low severity).
    const refusedClaims = drops.filter((d) => d.body.path !== 0).length;
    expect(items).toHaveLength(4 + refusedClaims);
    const types = items.map((i) => i.type);
    for (const type of [
      "malformed_input",
      "invalid_input",
      "wallet_mismatch",
      "forged_result",
      "forged_outcome",
    ])
      expect(types).toContain(type);
    const mismatch = items.find((i) => i.type === "wallet_mismatch");
    expect(mismatch).toEqual({
      id: expect.any(Number),
      type: "wallet_mismatch",
      severity: "high",
      autoFixed: true,
      resolved: false,
      timestamp: iso,
      location: "POST /api/games/dice",
      details: expect.stringContaining("another wallet"),
      riskScore: 70,
      source: expect.stringMatching(/^[0-9a-f]{24}$/),
      fixedCode: "auth/wallet_mismatch",
      count: 1,
    });
    expect(list.body.status).toBe("WARNING");
    expect(list.body.realTimeStats).toMatchObject({
      totalVulnerabilities: expect.any(Number),
      fixSuccessRate: expect.any(Number),
      activeIssues: 2,
      high: 2,
    });

    const hackers = await operator.get("/api/security/hackers");
    expect(hackers.body).toMatchObject({
      totalBlocked: expect.any(Number),
      lastBlockedIP: expect.stringMatching(/^[0-9a-f]{24}$/),
      mostCommonAttack: expect.any(String),
      autoBlockingActive: true,
    });
    expect(hackers.body.topSources[0].count).toBeGreaterThanOrEqual(4);
    const sirius = await operator.get("/api/security/sirius/stats");
    expect(sirius.body.backendLogs).toBe((await countEvents()) - (await countEventsAfterLastSweep()));
    expect(sirius.body.issuesDetected).toBe(2);
  });

  it("turns SECURE again once the operator resolves the high events", async () => {
    const list = await operator.get("/api/security/real-time-vulnerabilities");
    const open = (list.body.recentVulnerabilities as { id: number; severity: string }[]).filter(
      (i) => i.severity === "high" || i.severity === "critical",
    );
    expect(open).toHaveLength(2);
    const first = await operator.post(`/api/security/events/${open[0]?.id}/resolve`);
    expect(first.body).toEqual({ id: open[0]?.id, resolved: true, status: "WARNING" });
    const second = await operator.post(`/api/security/events/${open[1]?.id}/resolve`);
    expect(second.body.status).toBe("SECURE");
    expect((await operator.get("/api/security/dom")).body.status).toBe("SECURE");
    expect((await operator.post("/api/security/events/999999/resolve")).status).toBe(404);
    expect((await operator.post("/api/security/events/abc/resolve")).status).toBe(404);
    const vault = await operator.get(`/api/security/sirius/vault?password=${TEST_VAULT_PASSWORD}`);
    expect(vault.body.recentActivity.vulnerabilitiesFixed).toBe(2);
    expect(vault.body.recentActivity.gameSessionsToday).toBe(3);
  });
});

/** Every stored security event. */
async function countEvents(): Promise<number> {
  await casino.flushSecurityEvents();
  return countRows(casino.handle.db, "security_events");
}

/** Events stored after the sentinel's last sweep (its own alerts, the operator's reads). */
async function countEventsAfterLastSweep(): Promise<number> {
  const cursor = await casino.handle.db
    .withTables<{ operator_counters: { persona: string; name: string; value: number } }>()
    .selectFrom("operator_counters")
    .select("value")
    .where("persona", "=", "sirius")
    .where("name", "=", "cursor")
    .executeTakeFirstOrThrow();
  const row = await casino.handle.db
    .selectFrom("security_events")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("id", ">", Number(cursor.value))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("the chart's timeline", () => {
  it("counts events and bets per minute over the asked window", async () => {
    const timeline = await operator.get("/api/security/timeline?minutes=5");
    expect(timeline.body.minutes).toBe(5);
    expect(timeline.body.buckets).toHaveLength(5);
    const last = timeline.body.buckets[4];
    expect(last).toEqual({ minute: iso, events: expect.any(Number), bets: expect.any(Number) });
    const totals = (timeline.body.buckets as { bets: number; events: number }[]).reduce(
      (sum, b) => ({ bets: sum.bets + b.bets, events: sum.events + b.events }),
      { bets: 0, events: 0 },
    );
    expect(totals.bets).toBe(3);
    expect(totals.events).toBe(await countEvents());
    expect((await operator.get("/api/security/timeline")).body.buckets).toHaveLength(60);
    for (const minutes of ["0", "-1", "abc", "100000"])
      expect((await operator.get(`/api/security/timeline?minutes=${minutes}`)).status).toBe(400);
  });

  it("is refused to players", async () => {
    const { client } = await connectDemoClient(casino.url);
    expect((await client.get("/api/security/timeline")).status).toBe(401);
    expect((await createClient(casino.url).get("/api/security/comprehensive")).status).toBe(401);
  });
});

describe("the comprehensive scan", () => {
  it("gathers every monitor's last report", async () => {
    await sweep();
    const scan = await operator.get("/api/security/comprehensive");
    expect(scan.body).toMatchObject({
      status: "SECURE",
      timestamp: iso,
      betsToday: 3,
      lastCheckup: iso,
      events: expect.objectContaining({ total: expect.any(Number), unresolvedHigh: 0 }),
      fairness: expect.objectContaining({ roundsVerified: 0, mismatches: [], checkedAt: iso }),
      ledger: expect.objectContaining({ ok: true, mismatchCount: 0, checkedAt: iso }),
      tables: expect.objectContaining({ stuckHands: [], checkedAt: iso }),
      sentinel: expect.objectContaining({ aggregated: expect.any(Number), checkedAt: iso }),
    });
    expect(scan.body.monitors).toHaveLength(4);
    expect(scan.body.ledger.alerted).toBeUndefined();
    expect(scan.body.ledger.entriesChecked).toBeGreaterThan(0);
  });
});
