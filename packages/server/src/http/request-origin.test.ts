import { describe, expect, it } from "vitest";
import { foreignOrigin } from "./request-origin.ts";
import { connectDemoClient, securityEventsOf, snapshotMoney, useCasino } from "./test-helpers.ts";

const FOREIGN = { origin: "https://evil.example" };

describe("foreignOrigin", () => {
  const host = { host: "casino.test:8080" };
  it.each([
    ["POST", { ...host, origin: "https://evil.example" }, ["https://casino.example"], true],
    ["POST", { ...host, origin: "null" }, [], true],
    ["DELETE", { ...host, origin: "http://casino.test:9999" }, [], true],
    ["POST", { ...host, "sec-fetch-site": "cross-site" }, [], true],
    ["POST", { ...host, "sec-fetch-site": "same-site" }, [], true],
    ["POST", { ...host, origin: "http://casino.test:8080" }, [], false],
    ["POST", { ...host, origin: "https://casino.example" }, ["https://casino.example"], false],
    ["POST", { ...host, "sec-fetch-site": "same-origin" }, [], false],
    ["POST", { ...host, "sec-fetch-site": "none" }, [], false],
    ["POST", host, [], false],
    ["GET", { ...host, origin: "https://evil.example" }, [], false],
  ])("%s %j with trusted %j is foreign: %s", (method, headers, trusted, foreign) => {
    expect(foreignOrigin(method, headers, trusted) !== undefined).toBe(foreign);
  });
});

describe("state-changing requests from another site's page", () => {
  const casino = useCasino();

  it("refuse body-less POSTs (daily bonus, blackjack stand, seed rotation) with 403 and change nothing", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    const dealt = await client.post("/api/games/blackjack/deal", { betAmount: 1, currency: "HC" });
    expect(dealt.status).toBe(200);
    const before = await snapshotMoney(casino.handle.db);
    const seedBefore = (await client.get(`/api/game-seeds/current/${address}`)).body;
    const handBefore = (await client.get("/api/games/blackjack/state")).body;
    for (const path of [
      "/api/crypto/daily-bonus",
      "/api/games/blackjack/stand",
      "/api/game-seeds/new-server-seed",
    ]) {
      for (const headers of [FOREIGN, { "sec-fetch-site": "cross-site" }]) {
        const answer = await client.request("POST", path, { headers });
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(answer.body).toEqual({
          code: "http/foreign_origin",
          message: "Refused: this request came from a page of another site",
        });
      }
    }
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    expect((await client.get(`/api/game-seeds/current/${address}`)).body).toEqual(seedBefore);
    expect((await client.get("/api/games/blackjack/state")).body).toEqual(handBefore);
    await casino.flushSecurityEvents();
    expect((await securityEventsOf(casino, "foreign_origin")).length).toBeGreaterThanOrEqual(6);
  });

  it("refuse a foreign bet and a foreign non-bet request alike", async () => {
    const { client } = await connectDemoClient(casino.url);
    const before = await snapshotMoney(casino.handle.db);
    const bet = { betAmount: 1, currency: "HC", betType: "low" };
    const lane = await client.post("/api/games/dice", bet, FOREIGN);
    const chain = await client.post("/api/games/dice", bet, { ...FOREIGN, "idempotency-key": "foreign-1" });
    for (const refused of [lane, chain])
      expect([refused.status, refused.body.code]).toEqual([403, "http/foreign_origin"]);
    expect(lane.text).toBe(chain.text);
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it("let the casino's own page and clients without an Origin act", async () => {
    const { client } = await connectDemoClient(casino.url);
    const own = new URL(casino.url).origin;
    const bet = { betAmount: 1, currency: "HC", betType: "low" };
    expect(
      (await client.post("/api/games/dice", bet, { origin: own, "sec-fetch-site": "same-origin" })).status,
    ).toBe(200);
    expect((await client.post("/api/games/dice", bet)).status).toBe(200);
    expect(
      (await client.request("POST", "/api/crypto/daily-bonus", { headers: { origin: own } })).status,
    ).toBe(200);
  });
});
