import { describe, expect, it } from "vitest";
import {
  connectDemoClient,
  createClient,
  securityEventsOf,
  snapshotMoney,
  useCasino,
} from "./test-helpers.ts";

describe("request guards", () => {
  const casino = useCasino();

  it.each([
    ["/api/users", "{not json"],
    ["/api/crypto/withdraw", '{"amount": NaN}'],
    ["/api/crypto/deposit", '{"amount": 0.01,}'],
    ["/api/game-seeds/update-client-seed", "null"],
    ["/api/crypto/daily-bonus", '"just a string"'],
  ])("answers malformed JSON to %s with a 400 and no stack trace", async (path, rawBody) => {
    const { client } = await connectDemoClient(casino.url);
    const before = await snapshotMoney(casino.handle.db);
    const answer = await client.request("POST", path, { rawBody });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: "http/malformed_json", message: "Malformed JSON body" });
    expect(answer.text).not.toMatch(/at .*\.ts/);
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it("answers an oversized body with 413 and records it", async () => {
    const { client } = await connectDemoClient(casino.url);
    const before = await snapshotMoney(casino.handle.db);
    const answer = await client.post("/api/crypto/withdraw", { amount: "0.01", padding: "x".repeat(20_000) });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe("http/body_too_large");
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    expect((await securityEventsOf(casino, "oversized_body")).length).toBeGreaterThan(0);
  });

  it("refuses a form body with 415", async () => {
    const { client } = await connectDemoClient(casino.url);
    const answer = await client.request("POST", "/api/crypto/withdraw", {
      rawBody: "amount=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(answer.status).toBe(415);
    expect(answer.body.code).toBe("http/unsupported_body");
  });

  it("records rejected input and wallet mismatches with a hashed source", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    await client.post("/api/crypto/withdraw", { amount: "-5" });
    await client.post("/api/crypto/withdraw", { userWallet: "DEMOTHIEF0000", amount: "1" });
    const invalid = await securityEventsOf(casino, "invalid_input");
    expect(
      invalid.some((e) => e.location === "POST /api/crypto/withdraw" && e.details.includes("amount")),
    ).toBe(true);
    const mismatch = (await securityEventsOf(casino, "wallet_mismatch")).find((e) =>
      e.details.includes(address),
    );
    expect(mismatch).toMatchObject({
      severity: "high",
      blocked: 1,
      rule: "auth/wallet_mismatch",
      resolved: 0,
    });
    expect(mismatch?.source).toMatch(/^[0-9a-f]{24}$/);
    expect(mismatch?.source).not.toContain("127.0.0.1");
    expect(mismatch?.risk_score).toBeGreaterThan(0);
  });

  it("ignores garbage session tokens instead of failing", async () => {
    for (const cookie of ["casino_session=", "casino_session=%%%", "casino_session=a.b.c", "other=1"]) {
      const answer = await createClient(casino.url).request("GET", "/api/session", { headers: { cookie } });
      expect(answer.body).toEqual({ walletAddress: null, userId: null });
    }
    const bearer = await createClient(casino.url).request("GET", "/api/session", {
      headers: { authorization: "Bearer x" },
    });
    expect(bearer.status).toBe(200);
  });

  it("expires an idle session after a week and slides it while in use", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    casino.advanceClock(6 * 24 * 60 * 60 * 1000);
    expect((await client.get("/api/session")).body.walletAddress).toBe(address);
    casino.advanceClock(6 * 24 * 60 * 60 * 1000);
    expect((await client.get("/api/session")).body.walletAddress).toBe(address);
    casino.advanceClock(8 * 24 * 60 * 60 * 1000);
    expect((await client.get("/api/session")).body.walletAddress).toBeNull();
    expect((await client.get(`/api/users/${address}`)).status).toBe(401);
  });
});

describe("rate limiting", () => {
  const casino = useCasino({
    rateLimit: { sessionPerSecond: 1, sessionBurst: 5, addressPerSecond: 1, addressBurst: 40 },
  });

  it("answers 429 with Retry-After past a session's burst, and records the first hit of the flood", async () => {
    const { client } = await connectDemoClient(casino.url);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await client.get("/api/session"));
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(limited).toHaveLength(3);
    expect(Number(limited[0]?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited[0]?.body.code).toBe("http/rate_limited");
    // One stored event per limited key and 10 s window: a flood over a budget is not a flood of rows.
    const hits = await securityEventsOf(casino, "rate_limited");
    expect(hits.length).toBe(1);
    expect(hits[0]).toMatchObject({ rule: "rate-limit", blocked: 1 });
  });

  it("limits a source address across sessions", async () => {
    const statuses = [];
    for (let i = 0; i < 45; i++)
      statuses.push((await createClient(casino.url).get("/api/crypto/status")).status);
    expect(statuses).toContain(429);
  });
});
