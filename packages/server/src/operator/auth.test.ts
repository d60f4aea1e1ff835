import { describe, expect, it } from "vitest";
import { createClient, startTestCasino, type TestCasino, useCasino } from "../http/test-helpers.ts";
import { PERSONA_IDS } from "./personas.ts";
import { loginOperator, startOperatorCasino, TEST_PASSWORD, TEST_VAULT_PASSWORD } from "./test-helpers.ts";
import { OPERATOR_TOKEN_TTL_MS } from "./tokens.ts";

/** Every dashboard read behind the bearer token. */
const GUARDED_GETS = [
  "/api/security/dom",
  "/api/security/comprehensive",
  "/api/security/hackers",
  "/api/security/real-time-vulnerabilities",
  "/api/security/domain/report",
  "/api/security/timeline",
  ...PERSONA_IDS.map((p) => `/api/security/${p}/stats`),
  `/api/security/sirius/vault?password=${TEST_VAULT_PASSWORD}`,
];

const casino = useCasino(() => startOperatorCasino());

async function eventTypes(of: TestCasino = casino): Promise<string[]> {
  await of.flushSecurityEvents();
  const rows = await of.handle.db.selectFrom("security_events").select("type").orderBy("id").execute();
  return rows.map((r) => r.type);
}

describe("operator authentication", () => {
  it("answers 401 to every dashboard call without a valid bearer token", async () => {
    const client = createClient(casino.url);
    for (const path of GUARDED_GETS) {
      for (const headers of [
        {},
        { authorization: "Bearer not-a-token" },
        { authorization: "Basic abc" },
      ] as Record<string, string>[]) {
        const answer = await client.request("GET", path, { headers });
        expect([path, answer.status, answer.body?.code]).toEqual([path, 401, "operator/unauthorized"]);
      }
    }
    const fix = await client.post("/api/security/emergency-domain-fix", { domain: "casino.example" });
    expect(fix.status).toBe(401);
    expect((await eventTypes()).filter((t) => t === "operator_unauthorized").length).toBeGreaterThan(30);
  });

  it("trades the password for an 8-hour token that opens the dashboard until it expires", async () => {
    const before = Date.now();
    const login = await createClient(casino.url).post("/api/security/login", { password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiresAt = Date.parse(login.body.expiresAt);
    expect(expiresAt - before).toBeGreaterThanOrEqual(OPERATOR_TOKEN_TTL_MS - 1000);
    expect(expiresAt - before).toBeLessThanOrEqual(OPERATOR_TOKEN_TTL_MS + 5000);
    const stored = await casino.handle.db
      .withTables<{ operator_tokens: { token_hash: string } }>()
      .selectFrom("operator_tokens")
      .select("token_hash")
      .execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(login.body.token);
    const operator = await loginOperator(casino.url);
    expect((await operator.get("/api/security/dom")).status).toBe(200);
    await operator.post("/api/security/logout");
    expect((await operator.get("/api/security/dom")).status).toBe(401);
    const other = await loginOperator(casino.url);
    casino.advanceClock(OPERATOR_TOKEN_TTL_MS + 1);
    expect((await other.get("/api/security/dom")).status).toBe(401);
  });

  it("refuses malformed login bodies with 400", async () => {
    const client = createClient(casino.url);
    for (const body of [{}, { password: 7 }, { password: "" }, { password: "x", extra: 1 }]) {
      expect((await client.post("/api/security/login", body)).status).toBe(400);
    }
    expect((await client.request("POST", "/api/security/login", { rawBody: "{oops" })).status).toBe(400);
  });
});

describe("the login throttle", () => {
  // A casino of its own: the throttle counts on the wall clock, so its source stays refused.
  const guarded = useCasino(() => startOperatorCasino());

  it("refuses wrong passwords with 403, then 429 after five, even for the right one, and records them", async () => {
    const client = createClient(guarded.url);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await client.post("/api/security/login", { password: `guess-${i}` });
      statuses.push(answer.status);
      expect(answer.body.message).toBe("Access Denied - Incorrect Password");
    }
    const throttled = await client.post("/api/security/login", { password: TEST_PASSWORD });
    expect([...statuses, throttled.status]).toEqual([403, 403, 403, 403, 403, 429]);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(60);
    const types = await eventTypes(guarded);
    expect(types.filter((t) => t === "operator_login_failed")).toHaveLength(5);
    expect(types).toContain("operator_login_throttled");
  });
});

describe("the vault's second password", () => {
  it("opens Sirius's vault with the password as a header or the spec's query parameter", async () => {
    const operator = await loginOperator(casino.url);
    const byHeader = await operator.get("/api/security/sirius/vault", {
      "x-vault-password": TEST_VAULT_PASSWORD,
    });
    expect(byHeader.status).toBe(200);
    expect(byHeader.body.vaultRefreshCycle).toBe("5 minutes");
    const byQuery = await operator.get(`/api/security/sirius/vault?password=${TEST_VAULT_PASSWORD}`);
    expect(byQuery.status).toBe(200);
  });

  it("names the only persona who may open it when the password or the persona is wrong, then throttles", async () => {
    const operator = await loginOperator(casino.url);
    const denied = "Access denied: only Sirius may open the vault";
    const wrong = await operator.get("/api/security/sirius/vault?password=nope");
    expect([wrong.status, wrong.body.message]).toEqual([403, denied]);
    const otherPersona = await operator.get(`/api/security/vega/vault?password=${TEST_VAULT_PASSWORD}`);
    expect([otherPersona.status, otherPersona.body.message]).toEqual([403, denied]);
    const missing = await operator.get("/api/security/sirius/vault");
    expect(missing.status).toBe(403);
    expect((await operator.get("/api/security/pluto/vault")).status).toBe(404);
    for (let i = 0; i < 2; i++) await operator.get("/api/security/sirius/vault?password=again");
    const throttled = await operator.get(`/api/security/sirius/vault?password=${TEST_VAULT_PASSWORD}`);
    expect(throttled.status).toBe(429);
    expect((await eventTypes()).filter((t) => t === "vault_access_denied")).toHaveLength(5);
  });
});

describe("a casino without an operator password", () => {
  it("keeps the dashboard locked with 503 until one is configured", async () => {
    const locked = await startTestCasino({ operator: { env: {}, monitors: false } });
    try {
      const answer = await createClient(locked.url).post("/api/security/login", { password: "anything" });
      expect([answer.status, answer.body.message]).toEqual([503, "Operator password not configured"]);
    } finally {
      await locked.stop();
    }
  });
});
