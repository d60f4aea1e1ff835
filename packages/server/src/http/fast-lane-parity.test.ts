import { describe, expect, it } from "vitest";
import { connectDemoClient, snapshotMoney, useCasino } from "./test-helpers.ts";

/** A hostile request to the dice bet path: headers and a raw body. */
type Hostile = { name: string; session: boolean; headers?: Record<string, string>; body: string };

const BET = { betAmount: 1, currency: "HC", betType: "low" };
const JSON_TYPE = { "content-type": "application/json" };

const HOSTILE: Hostile[] = [
  { name: "no session", session: false, headers: JSON_TYPE, body: JSON.stringify(BET) },
  {
    name: "garbage cookie",
    session: false,
    headers: { ...JSON_TYPE, cookie: "casino_session=%%%" },
    body: "{}",
  },
  { name: "malformed JSON", session: true, headers: JSON_TYPE, body: '{"betAmount": 1,' },
  { name: "JSON null", session: true, headers: JSON_TYPE, body: "null" },
  { name: "JSON string", session: true, headers: JSON_TYPE, body: '"bet"' },
  {
    name: "foreign wallet",
    session: true,
    headers: JSON_TYPE,
    body: JSON.stringify({ ...BET, walletAddress: "DEMOTHIEF0000" }),
  },
  {
    name: "foreign user id",
    session: true,
    headers: JSON_TYPE,
    body: JSON.stringify({ ...BET, userId: 42 }),
  },
  {
    name: "negative stake",
    session: true,
    headers: JSON_TYPE,
    body: JSON.stringify({ ...BET, betAmount: -5 }),
  },
  {
    name: "unknown bet type",
    session: true,
    headers: JSON_TYPE,
    body: JSON.stringify({ ...BET, betType: "all" }),
  },
  { name: "array body", session: true, headers: JSON_TYPE, body: "[1,2]" },
  {
    name: "foreign origin",
    session: true,
    headers: { ...JSON_TYPE, origin: "https://evil.example" },
    body: JSON.stringify(BET),
  },
  {
    name: "cross-site fetch",
    session: true,
    headers: { ...JSON_TYPE, "sec-fetch-site": "cross-site" },
    body: JSON.stringify(BET),
  },
  { name: "text/plain", session: true, headers: { "content-type": "text/plain" }, body: JSON.stringify(BET) },
  {
    name: "form body",
    session: true,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "betAmount=1",
  },
  {
    name: "oversized",
    session: true,
    headers: JSON_TYPE,
    body: JSON.stringify({ ...BET, pad: "x".repeat(20_000) }),
  },
];

describe("the bet fast lane and the express chain answer hostile requests alike", () => {
  const casino = useCasino();

  it.each(HOSTILE)("$name", async (hostile) => {
    const { client } = await connectDemoClient(casino.url);
    const before = await snapshotMoney(casino.handle.db);
    const send = async (extra: Record<string, string>) => {
      const headers: Record<string, string> = { ...hostile.headers, ...extra };
      if (hostile.session && headers.cookie === undefined) headers.cookie = `casino_session=${client.token}`;
      const response = await fetch(`${casino.url}/api/games/dice`, {
        method: "POST",
        headers,
        body: hostile.body,
      });
      return {
        status: response.status,
        body: await response.text(),
        csp: response.headers.get("content-security-policy"),
        cache: response.headers.get("cache-control"),
      };
    };
    // Without an Idempotency-Key the fast lane serves the path; with one, the express chain does.
    const lane = await send({});
    const chain = await send({ "idempotency-key": `parity-${hostile.name.replaceAll(" ", "-")}` });
    expect(lane.status).toBeGreaterThanOrEqual(400);
    expect(lane).toEqual(chain);
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });
});

describe("the session budget holds on both paths", () => {
  const casino = useCasino({ rateLimit: { sessionPerSecond: 0.01, sessionBurst: 2 } });

  it("refuses the same way past the burst, whichever path serves the bet", async () => {
    const { client } = await connectDemoClient(casino.url);
    const bet = (key?: string) =>
      client.post("/api/games/dice", BET, key === undefined ? undefined : { "idempotency-key": key });
    expect((await bet()).status).toBe(200);
    expect((await bet("k1")).status).toBe(200);
    const lane = await bet();
    const chain = await bet("k2");
    for (const refused of [lane, chain]) {
      expect([refused.status, refused.body.code]).toEqual([429, "http/rate_limited"]);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(lane.text).toBe(chain.text);
    expect(lane.headers.get("retry-after")).toBe(chain.headers.get("retry-after"));
  });
});
