import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { CONTENT_SECURITY_POLICY, HSTS_HEADER, PERMISSIONS_POLICY } from "./security-headers.ts";
import { connectDemoClient, securityEventsOf, startTestCasino, type TestCasino } from "./test-helpers.ts";

/** Sends a WebSocket upgrade to a room path and resolves the status the server answered (101 when upgraded). */
function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/process/room?sessionId=x`, {
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        ...headers,
      },
    });
    req.once("upgrade", (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.once("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once("error", reject);
    req.end();
  });
}

describe("browser and socket hygiene", () => {
  let casino: TestCasino;
  let proxied: TestCasino;
  let configured: TestCasino;
  beforeAll(async () => {
    [casino, proxied, configured] = await Promise.all([
      startTestCasino(),
      startTestCasino({ trustProxy: 1 }),
      startTestCasino({ publicOrigins: ["https://casino.example"] }),
    ]);
  });
  afterAll(() => Promise.all([casino?.stop(), proxied?.stop(), configured?.stop()]));

  it("sends CSP, Permissions-Policy and Referrer-Policy on pages, API answers and bets", async () => {
    const { client } = await connectDemoClient(casino.url);
    const answers = [
      await fetch(`${casino.url}/`),
      await fetch(`${casino.url}/api/session`),
      await fetch(`${casino.url}/api/games/dice`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    ];
    const bet = await client.post("/api/games/dice", { betAmount: 1, currency: "HC", betType: "low" });
    expect(bet.status).toBe(200);
    for (const headers of [...answers.map((a) => a.headers), bet.headers]) {
      expect(headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
      expect(headers.get("permissions-policy")).toBe(PERMISSIONS_POLICY);
      expect(headers.get("referrer-policy")).toBe("same-origin");
      expect(headers.get("strict-transport-security")).toBeNull();
    }
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });

  it("sends HSTS only over HTTPS, as told by the trusted proxy alone", async () => {
    const https = { "x-forwarded-proto": "https" };
    expect(
      (await fetch(`${proxied.url}/`, { headers: https })).headers.get("strict-transport-security"),
    ).toBe(HSTS_HEADER);
    expect((await fetch(`${proxied.url}/`)).headers.get("strict-transport-security")).toBeNull();
    // Without a trusted proxy the header is the client's word: no HSTS.
    expect(
      (await fetch(`${casino.url}/`, { headers: https })).headers.get("strict-transport-security"),
    ).toBeNull();
  });

  it("refuses a room socket from a foreign Origin before the upgrade", async () => {
    const host = new URL(casino.url).host;
    expect(await upgradeStatus(casino.url, { Origin: "https://evil.example" })).toBe(403);
    expect(await upgradeStatus(casino.url, { Origin: "null" })).toBe(403);
    expect(await upgradeStatus(casino.url, { Origin: `http://${host}` })).toBe(101);
    expect(await upgradeStatus(casino.url, {})).toBe(101);
    const configuredHost = new URL(configured.url).host;
    expect(await upgradeStatus(configured.url, { Origin: `http://${configuredHost}` })).toBe(403);
    expect(await upgradeStatus(configured.url, { Origin: "https://casino.example" })).toBe(101);
    const events = await securityEventsOf(casino, "socket_origin_refused");
    expect(events.some((e) => e.details.includes("https://evil.example"))).toBe(true);
  });
});

describe("PUBLIC_ORIGINS", () => {
  it("reads a comma-separated list of origins and refuses anything else", () => {
    const read = loadConfig({ PUBLIC_ORIGINS: "https://casino.example, http://10.0.0.5:2567" });
    expect(read.ok && read.config.publicOrigins).toEqual(["https://casino.example", "http://10.0.0.5:2567"]);
    expect(
      loadConfig({}).ok && (loadConfig({}) as { config: { publicOrigins: string[] } }).config.publicOrigins,
    ).toEqual([]);
    expect(loadConfig({ PUBLIC_ORIGINS: "casino.example" }).ok).toBe(false);
    expect(loadConfig({ PUBLIC_ORIGINS: "https://casino.example/path" }).ok).toBe(false);
  });
});
