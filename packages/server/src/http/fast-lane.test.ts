import { beforeAll, describe, expect, it } from "vitest";
import { joinAsPlayer, type TestPlayer } from "../games/test-helpers.ts";
import { securityEventsOf, snapshotMoney, useCasino } from "./test-helpers.ts";

/** What a client can observe of an answer, for comparing the lane with express. */
function observable(answer: { status: number; headers: Headers; body: { code?: string } }) {
  return {
    status: answer.status,
    code: answer.body?.code,
    contentType: answer.headers.get("content-type"),
    cacheControl: answer.headers.get("cache-control"),
    nosniff: answer.headers.get("x-content-type-options"),
    frame: answer.headers.get("x-frame-options"),
    cors: answer.headers.get("access-control-allow-origin"),
  };
}

describe("the games' fast lane answers as the express chain does", () => {
  const casino = useCasino();
  let player: TestPlayer;
  let other: TestPlayer;
  beforeAll(async () => {
    player = await joinAsPlayer(casino);
    other = await joinAsPlayer(casino);
  });

  // "/api/games/dice/" (trailing slash) is the same route for express but not taken by the lane.
  const both = async (
    body: unknown,
    options: { raw?: string; who?: TestPlayer; headers?: Record<string, string> } = {},
  ) => {
    const who = options.who ?? player;
    const send = (path: string) =>
      options.raw !== undefined
        ? who.client.request("POST", path, { rawBody: options.raw, headers: options.headers ?? {} })
        : who.client.request("POST", path, { body, headers: options.headers ?? {} });
    return [observable(await send("/api/games/dice")), observable(await send("/api/games/dice/"))] as const;
  };

  it.each([
    ["a bet that is played", { betAmount: 1, currency: "HC", betType: "low" }],
    ["a bad body", { betAmount: -1, currency: "HC", betType: "low" }],
    ["an unknown field", { betAmount: 1, currency: "HC", betType: "low", payout: 100 }],
    ["a JSON array", [1, 2]],
  ])("%s", async (_name, body) => {
    const [lane, express] = await both(body);
    expect(lane).toEqual(express);
    expect(lane?.nosniff).toBe("nosniff");
  });

  it("malformed JSON and a JSON string", async () => {
    for (const raw of ["{betAmount: 1", '"just a string"']) {
      const [lane, express] = await both(undefined, { raw });
      // Express refuses the body before its Cache-Control middleware; the lane marks every answer no-store.
      expect({ ...lane, cacheControl: express?.cacheControl }).toEqual(express);
      expect(lane).toMatchObject({ status: 400, code: "http/malformed_json" });
    }
  });

  it("another wallet in the body, and no session at all", async () => {
    const [lane, express] = await both({
      betAmount: 1,
      currency: "HC",
      betType: "low",
      walletAddress: other.address,
    });
    expect(lane).toEqual(express);
    expect(lane).toMatchObject({ status: 403, code: "auth/wallet_mismatch" });
    const anonymous = (path: string) =>
      fetch(`${casino.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ betAmount: 1, currency: "HC", betType: "low" }),
      }).then(async (r) =>
        observable({ status: r.status, headers: r.headers, body: (await r.json()) as { code?: string } }),
      );
    expect(await anonymous("/api/games/dice")).toEqual(await anonymous("/api/games/dice/"));
    expect((await anonymous("/api/games/dice")).status).toBe(401);
  });

  it("hands a body that is not declared JSON to express, which refuses it", async () => {
    const before = await snapshotMoney(casino.handle.db);
    const answer = await player.client.request("POST", "/api/games/dice", {
      rawBody: JSON.stringify({ betAmount: 1, currency: "HC", betType: "low" }),
      headers: { "content-type": "text/plain" },
    });
    expect([answer.status, answer.body.code]).toEqual([415, "http/unsupported_body"]);
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it("records refusals as security events like the express chain", async () => {
    await player.client.post("/api/games/dice", {
      betAmount: 1,
      currency: "HC",
      betType: "low",
      walletAddress: other.address,
    });
    const events = await securityEventsOf(casino, "wallet_mismatch");
    expect(events.some((e) => e.location === "POST /api/games/dice" && e.severity === "high")).toBe(true);
  });
});

describe("the fast lane's rate limits", () => {
  const casino = useCasino({ rateLimit: { sessionPerSecond: 0.001, sessionBurst: 3 } });

  it("refuses a session over its budget with 429 and Retry-After", async () => {
    const player = await joinAsPlayer(casino);
    const bet = () => player.client.post("/api/games/dice", { betAmount: 1, currency: "HC", betType: "low" });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await bet());
    const limited = answers.find((a) => a.status === 429);
    expect(limited?.body).toEqual({
      code: "http/rate_limited",
      message: "Too many requests, please slow down",
    });
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const events = await securityEventsOf(casino, "rate_limited");
    expect(events.some((e) => e.location === "POST /api/games/dice")).toBe(true);
  });
});
