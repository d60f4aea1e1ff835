import { describe, expect, it } from "vitest";
import { connectDemoClient, securityEventsOf } from "../http/test-helpers.ts";
import { useOperatorCasino } from "./test-helpers.ts";

const { casino, operator } = useOperatorCasino();

const diceBet = { betAmount: 1, currency: "HC", betType: "low" };

describe("the emergency domain fix (maintenance switch)", () => {
  it("refuses new bets while on, lets an open hand finish, and restores play when turned off", async () => {
    const { client } = await connectDemoClient(casino.url);
    expect((await client.post("/api/games/dice", diceBet)).status).toBe(200);
    let deal = await client.post("/api/games/blackjack/deal", { betAmount: 1, currency: "HC" });
    for (let i = 0; i < 10 && deal.body.result !== "playing"; i++)
      deal = await client.post("/api/games/blackjack/deal", { betAmount: 1, currency: "HC" });
    expect(deal.body.result).toBe("playing");

    const on = await operator.post("/api/security/emergency-domain-fix", { domain: "casino.example" });
    expect(on.body).toMatchObject({ success: true, domain: "casino.example", maintenance: true });
    const refused = await client.post("/api/games/dice", diceBet);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      503,
      "casino/maintenance",
      "The casino is in maintenance: new bets are paused",
    ]);
    expect((await client.post("/api/games/blackjack/stand", {})).status).toBe(200);
    const report = await operator.get("/api/security/domain/report");
    expect(report.body).toMatchObject({ maintenance: true, maintenanceSince: expect.any(String) });
    expect((await operator.get("/api/security/dom")).body.maintenance).toBe(true);

    const stillOn = await operator.post("/api/security/emergency-domain-fix", {
      domain: "casino.example",
      enable: true,
    });
    expect(stillOn.body.maintenance).toBe(true);
    const off = await operator.post("/api/security/emergency-domain-fix", { domain: "casino.example" });
    expect(off.body.maintenance).toBe(false);
    expect((await client.post("/api/games/dice", diceBet)).status).toBe(200);
    expect((await operator.get("/api/security/domain/report")).body.maintenance).toBe(false);

    const switches = await securityEventsOf(casino, "maintenance_mode");
    expect(switches.map((s) => s.details)).toEqual([
      expect.stringContaining("turned maintenance mode on for casino.example"),
      expect.stringContaining("turned maintenance mode on for casino.example"),
      expect.stringContaining("turned maintenance mode off for casino.example"),
    ]);
  });

  it("refuses a body without a proper domain", async () => {
    for (const body of [
      {},
      { domain: "" },
      { domain: "bad domain!" },
      { domain: "a.example", enable: "yes" },
    ]) {
      expect((await operator.post("/api/security/emergency-domain-fix", body)).status).toBe(400);
    }
    expect((await operator.get("/api/security/domain/report")).body.maintenance).toBe(false);
  });
});
