import { describe, expect, it } from "vitest";
import {
  type Answer,
  connectDemoClient,
  countRows,
  createClient,
  randomDemoAddress,
  type TestCasino,
  useCasino,
} from "./test-helpers.ts";

/** Users in the database. */
function countUsers(casino: TestCasino): Promise<number> {
  return countRows(casino.handle.db, "users");
}

/** Stored security events of a rule. */
async function eventsOfRule(casino: TestCasino, rule: string) {
  await casino.flushSecurityEvents();
  return casino.handle.db.selectFrom("security_events").selectAll().where("rule", "=", rule).execute();
}

/** Sends `count` requests at once and returns the answers. */
function burst(count: number, send: (i: number) => Promise<Answer>): Promise<Answer[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)));
}

describe("per-address request budget", () => {
  const casino = useCasino({ rateLimit: { addressPerSecond: 0.001, addressBurst: 20 } });

  it("answers an anonymous burst above the budget with 429 and Retry-After, and records it once", async () => {
    const answers = await burst(30, () => createClient(casino.url).get("/api/session"));
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    expect(limited).toHaveLength(10);
    expect(limited[0]?.body).toMatchObject({ code: "http/rate_limited" });
    expect(Number(limited[0]?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const events = await eventsOfRule(casino, "rate-limit");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "rate_limited", blocked: 1 });
  });

  it("gives no new budget to a rotated X-Forwarded-For when no proxy is trusted", async () => {
    const answers = await burst(10, (i) =>
      createClient(casino.url).request("GET", "/api/session", {
        headers: { "x-forwarded-for": `203.0.113.${i + 1}`, "x-real-ip": `198.51.100.${i + 1}` },
      }),
    );
    expect(answers.every((a) => a.status === 429)).toBe(true);
  });
});

describe("behind one trusted proxy", () => {
  const casino = useCasino({
    trustProxy: 1,
    rateLimit: { addressPerSecond: 0.001, addressBurst: 3 },
  });

  it("limits the address the proxy saw, whatever the client wrote before it", async () => {
    // The proxy appends the peer it saw (192.0.2.7); the entries before it are the client's own.
    const spoofed = await burst(6, (i) =>
      createClient(casino.url).request("GET", "/api/session", {
        headers: { "x-forwarded-for": `10.9.9.${i}, 192.0.2.7` },
      }),
    );
    expect(spoofed.filter((a) => a.status === 200)).toHaveLength(3);
    // Another client behind the same proxy has a budget of its own.
    const other = await createClient(casino.url).request("GET", "/api/session", {
      headers: { "x-forwarded-for": "192.0.2.8" },
    });
    expect(other.status).toBe(200);
  });
});

describe("identity creation cap", () => {
  const casino = useCasino({
    rateLimit: {
      identityPerMinute: 0.06,
      identityBurst: 4,
      identityGlobalPerSecond: 1000,
      identityGlobalBurst: 1000,
    },
  });

  it("refuses new identities past the address's cap with 429 and creates no users", async () => {
    const first = await connectDemoClient(casino.url);
    for (let i = 0; i < 3; i++) await connectDemoClient(casino.url);
    const before = await countUsers(casino);
    const refused = await burst(5, () =>
      createClient(casino.url).post("/api/users", { walletAddress: randomDemoAddress() }),
    );
    expect(refused.map((a) => a.status)).toEqual([429, 429, 429, 429, 429]);
    expect(refused[0]?.body).toMatchObject({ code: "http/rate_limited" });
    expect(Number(refused[0]?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await countUsers(casino)).toBe(before);
    // Connecting an existing identity again creates nothing and is not capped.
    const again = await first.client.post("/api/users", { walletAddress: first.address });
    expect(again.status).toBe(200);
    expect((await eventsOfRule(casino, "rate-limit")).some((e) => e.details.includes("new identities"))).toBe(
      true,
    );
  });
});

describe("global identity creation cap", () => {
  const casino = useCasino({
    trustProxy: 1,
    rateLimit: {
      identityPerMinute: 600,
      identityBurst: 100,
      identityGlobalPerSecond: 0.001,
      identityGlobalBurst: 3,
    },
  });

  it("holds across many source addresses", async () => {
    const before = await countUsers(casino);
    const answers = await burst(8, (i) =>
      createClient(casino.url).request("POST", "/api/users", {
        body: { walletAddress: randomDemoAddress() },
        headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
      }),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    expect(await countUsers(casino)).toBe(before + 3);
  });
});
