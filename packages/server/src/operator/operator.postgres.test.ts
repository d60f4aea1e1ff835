import { describe, expect, it } from "vitest";
import { postgresUrlForTests } from "../db/test-databases.ts";
import { connectDemoClient, usePostgresCasino } from "../http/test-helpers.ts";
import {
  insertPokerHand,
  insertPokerTable,
  loginOperator,
  playCheckedHand,
  startOperatorCasino,
} from "./test-helpers.ts";

const pgUrl = postgresUrlForTests();
describe.runIf(pgUrl)("the operator dashboard on PostgreSQL", () => {
  const casino = usePostgresCasino("operator", (database) => startOperatorCasino({}, database));

  it("runs every monitor and answers every view with the same figures as on SQLite", async () => {
    const operator = await loginOperator(casino.url);
    const { client, address } = await connectDemoClient(casino.url);
    for (let i = 0; i < 3; i++)
      await client.post("/api/games/dice", { betAmount: 1, currency: "HC", betType: "high" });
    await client.post("/api/games/dice", {
      betAmount: 1,
      currency: "HC",
      betType: "high",
      walletAddress: "DEMOXXXXXXXXX",
    });
    await client.post("/api/game-seeds/new-server-seed", { walletAddress: address });
    await insertPokerTable(casino.handle.db, "pg-table", casino.services.now() + 60_000);
    await insertPokerHand(casino.handle.db, "pg-table", playCheckedHand("77".repeat(32)), {
      status: "ended",
      startedAt: 5,
    });
    await casino.flushSecurityEvents();
    await casino.services.operator.scheduler?.runNow();
    await casino.services.operator.scheduler?.runNow("sirius");

    const [orion, vega, lyra, sirius] = await Promise.all(
      ["orion", "vega", "lyra", "sirius"].map(
        async (p) => (await operator.get(`/api/security/${p}/stats`)).body,
      ),
    );
    expect(orion).toMatchObject({ fairnessVerifications: 4, issuesDetected: 0, totalReports: 1 });
    expect(vega.bookkeepingEntries).toBeGreaterThan(0);
    expect(lyra).toMatchObject({ totalShuffles: 1, tablesMonitored: expect.any(Number) });
    expect(sirius.backendLogs).toBeGreaterThanOrEqual(1);
    expect((await operator.get("/api/security/dom")).body).toMatchObject({ status: "WARNING", betsToday: 3 });
    const timeline = await operator.get("/api/security/timeline?minutes=3");
    expect(timeline.body.buckets.reduce((sum: number, b: { bets: number }) => sum + b.bets, 0)).toBe(3);
    const hackers = await operator.get("/api/security/hackers");
    expect(hackers.body.mostCommonAttack).toBe("wallet_mismatch");
    const list = await operator.get("/api/security/real-time-vulnerabilities");
    const mismatch = list.body.recentVulnerabilities.find(
      (e: { type: string }) => e.type === "wallet_mismatch",
    );
    expect((await operator.post(`/api/security/events/${mismatch.id}/resolve`)).body.status).toBe("SECURE");
    const fix = await operator.post("/api/security/emergency-domain-fix", {
      domain: "pg.example",
      enable: true,
    });
    expect(fix.body.maintenance).toBe(true);
    expect((await operator.get("/api/security/domain/report")).body.maintenance).toBe(true);
  });
});
