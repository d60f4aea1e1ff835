import { describe, expect, it } from "vitest";
import { connectDemoClient, securityEventsOf, snapshotMoney, useCasino } from "./test-helpers.ts";

const FORGED_BODIES: [string, string][] = [
  ["text/plain", "{}"],
  ["text/plain;charset=UTF-8", '{"betAmount":1,"currency":"HC","betType":"low"}'],
  ["application/x-www-form-urlencoded", "a=1"],
  ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--x--\r\n"],
];

describe("state-changing requests take JSON or nothing", () => {
  const casino = useCasino();

  const seedOf = async (userId: string) =>
    casino.handle.db.selectFrom("fair_seeds").selectAll().where("user_id", "=", userId).execute();

  it.each(FORGED_BODIES)(
    "refuses %s bodies with 415 on every kind of route, changing nothing",
    async (type, raw) => {
      const { client, user } = await connectDemoClient(casino.url);
      let deal = await client.post("/api/games/blackjack/deal", { betAmount: 1, currency: "HC" });
      for (let i = 0; i < 20 && deal.body.result !== "playing"; i++)
        deal = await client.post("/api/games/blackjack/deal", { betAmount: 1, currency: "HC" });
      expect(deal.body.result).toBe("playing");
      const before = await snapshotMoney(casino.handle.db);
      const seedsBefore = await seedOf(user.id);
      // Blackjack stand, the daily bonus, a seed rotation, and a dice bet.
      for (const path of [
        "/api/games/blackjack/stand",
        "/api/crypto/daily-bonus",
        "/api/game-seeds/new-server-seed",
        "/api/games/dice",
      ]) {
        const answer = await client.request("POST", path, {
          rawBody: raw,
          headers: { "content-type": type },
        });
        expect([path, answer.status, answer.body]).toEqual([
          path,
          415,
          {
            code: "http/unsupported_body",
            message: "Send a JSON body (Content-Type: application/json) or none",
          },
        ]);
      }
      expect(await snapshotMoney(casino.handle.db)).toEqual(before);
      expect(await seedOf(user.id)).toEqual(seedsBefore);
      expect((await client.get("/api/games/blackjack/state")).body.open).toBe(true);
    },
  );

  it("refuses a Content-Type with an empty body and a typeless body", async () => {
    const { client } = await connectDemoClient(casino.url);
    const before = await snapshotMoney(casino.handle.db);
    const typed = await client.request("POST", "/api/crypto/daily-bonus", {
      rawBody: "",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(typed.status).toBe(415);
    // fetch labels a string body text/plain; a Blob without a type goes out with no Content-Type.
    const response = await fetch(`${casino.url}/api/crypto/daily-bonus`, {
      method: "POST",
      headers: { cookie: `casino_session=${client.token}` },
      body: new Blob(["{}"]),
    });
    expect(response.status).toBe(415);
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    const events = await securityEventsOf(casino, "unsupported_body");
    expect(events.length).toBeGreaterThan(0);
  });

  it("lets JSON bodies and bodiless requests through", async () => {
    const { client } = await connectDemoClient(casino.url);
    const bonus = await client.request("POST", "/api/crypto/daily-bonus");
    expect(bonus.status).toBe(200);
    const rotated = await client.request("POST", "/api/game-seeds/new-server-seed", {
      rawBody: "{}",
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(rotated.status).toBe(200);
    expect((await client.request("DELETE", "/api/session")).status).toBeLessThan(300);
  });
});
