import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  connectDemoClient,
  createClient,
  randomDemoAddress,
  securityEventsOf,
  useCasino,
} from "../http/test-helpers.ts";
import { recoveryDb } from "./migration.ts";

// Behind one trusted proxy, so each test names its own source address for the restore budget.
const casino = useCasino({ trustProxy: 1 });
let sources = 0;
/** A fresh source address for one test's restore attempts. */
function fromNewSource(): Record<string, string> {
  sources += 1;
  return { "x-forwarded-for": `198.51.100.${sources}` };
}

const KEY_FORMAT = /^([0-9A-HJKMNP-TV-Z]{4}-){7}[0-9A-HJKMNP-TV-Z]{4}$/;

async function issueKey(client: ReturnType<typeof createClient>): Promise<string> {
  const issued = await client.post("/api/recovery/key");
  expect(issued.status).toBe(201);
  return issued.body.recoveryKey as string;
}

describe("demo identity recovery keys", () => {
  it("issues a 160-bit key shown once and stores only its SHA-256", async () => {
    const { client, user, address } = await connectDemoClient(casino.url);
    expect((await client.get("/api/recovery")).body).toEqual({
      walletAddress: address,
      demo: true,
      hasKey: false,
      createdAt: null,
    });
    const key = await issueKey(client);
    expect(key).toMatch(KEY_FORMAT);
    const rows = await recoveryDb(casino.handle.db).selectFrom("demo_recovery_keys").selectAll().execute();
    const row = rows.find((r) => r.user_id === user.id);
    expect(row?.key_hash).toBe(createHash("sha256").update(key.replaceAll("-", "")).digest("hex"));
    // The key's text is in no column of any row.
    expect(JSON.stringify(rows)).not.toContain(key.replaceAll("-", ""));
    expect(JSON.stringify(rows)).not.toContain(key);
    const status = (await client.get("/api/recovery")).body;
    expect(status.hasKey).toBe(true);
    expect(typeof status.createdAt).toBe("number");
  });

  it("restores the identity in another browser: same user and balance, the old session stays", async () => {
    const { client: first, user, address } = await connectDemoClient(casino.url);
    const key = await issueKey(first);
    const second = createClient(casino.url);
    // Typed loosely: lower case, spaces for dashes.
    const typed = key.toLowerCase().replaceAll("-", " ");
    const restored = await second.post("/api/recovery/restore", { recoveryKey: typed }, fromNewSource());
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({
      id: user.id,
      walletAddress: address,
      username: `cosmic_${address.slice(-8)}`,
      aminaBalance: expect.any(String),
      houseBalance: "1000",
    });
    expect(second.token).toBeDefined();
    expect(second.token).not.toBe(first.token);
    expect((await second.get("/api/session")).body).toEqual({ walletAddress: address, userId: user.id });
    expect((await first.get("/api/session")).body).toEqual({ walletAddress: address, userId: user.id });
    // The restoring browser may now connect the identity by address.
    expect((await second.post("/api/users", { walletAddress: address })).status).toBe(200);
  });

  it("refuses a wrong, malformed or replaced key with 401, opening no session", async () => {
    const { client } = await connectDemoClient(casino.url);
    const oldKey = await issueKey(client);
    const newKey = await issueKey(client);
    expect(newKey).not.toBe(oldKey);
    const source = fromNewSource();
    const stranger = createClient(casino.url);
    for (const recoveryKey of [oldKey, "0000-0000-0000-0000-0000-0000-0000-0000", "not a key"]) {
      const answer = await stranger.post("/api/recovery/restore", { recoveryKey }, source);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        code: "recovery/invalid_key",
        message: "That recovery key does not open any demo identity: check it and try again",
      });
    }
    expect(stranger.token).toBeUndefined();
    const missing = await stranger.post("/api/recovery/restore", {}, source);
    expect(missing.status).toBe(400);
    expect((await securityEventsOf(casino, "auth_failure")).length).toBeGreaterThan(0);
  });

  it("limits restore attempts per source address (429 with Retry-After), other sources unaffected", async () => {
    const source = fromNewSource();
    const guesser = createClient(casino.url);
    const wrong = { recoveryKey: "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ" };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await guesser.post("/api/recovery/restore", wrong, source)).status).toBe(401);
    }
    const limited = await guesser.post("/api/recovery/restore", wrong, source);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Even the right key waits: the budget counts attempts, not failures.
    const { client: owner } = await connectDemoClient(casino.url);
    const key = await issueKey(owner);
    expect((await guesser.post("/api/recovery/restore", { recoveryKey: key }, source)).status).toBe(429);
    expect((await guesser.post("/api/recovery/restore", { recoveryKey: key }, fromNewSource())).status).toBe(
      200,
    );
  });

  it("acts only on the session's own identity: another session's demo identity needs its key", async () => {
    const { client: owner, address } = await connectDemoClient(casino.url);
    const { client: other, address: otherAddress } = await connectDemoClient(casino.url);
    const otherKey = await issueKey(other);
    const ownerKey = await issueKey(owner);
    expect(ownerKey).not.toBe(otherKey);
    // Naming the other identity's address is still refused; the session's key route issues only its own.
    expect((await other.post("/api/users", { walletAddress: address })).status).toBe(403);
    expect((await other.get("/api/session")).body.walletAddress).toBe(otherAddress);
    const withoutSession = await createClient(casino.url).post("/api/recovery/key");
    expect(withoutSession.status).toBe(401);
    // The owner's first key still opens the owner's identity only.
    const restored = await createClient(casino.url).post(
      "/api/recovery/restore",
      { recoveryKey: ownerKey },
      fromNewSource(),
    );
    expect(restored.body.walletAddress).toBe(address);
  });
});

describe("a pause stays with its browser", () => {
  it("starts the browser's next demo identity with the same cool-off; another browser's is free", async () => {
    const { client } = await connectDemoClient(casino.url);
    const cooled = await client.post("/api/cool-off", { hours: 24 });
    expect(cooled.status).toBe(200);
    const until = cooled.body.exclusion.until as string;
    expect((await client.request("DELETE", "/api/session")).status).toBe(204);
    const fresh = await client.post("/api/users", { walletAddress: randomDemoAddress() });
    expect(fresh.status).toBe(201);
    const limits = await client.get("/api/limits");
    expect(limits.body.exclusion).toEqual({ kind: "cool_off", until });
    const bet = await client.post("/api/games/dice", { betAmount: 1, currency: "HC", betType: "low" });
    expect(bet.status).toBe(403);
    expect(bet.body.code).toBe("limits/cooling_off");

    const elsewhere = await connectDemoClient(casino.url);
    expect((await elsewhere.client.get("/api/limits")).body.exclusion).toBeNull();
  });
});
