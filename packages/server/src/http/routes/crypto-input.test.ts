import { beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, connectDemoClient, snapshotMoney, useCasino } from "../test-helpers.ts";

describe("crypto endpoints refuse bad input and change nothing", () => {
  const casino = useCasino();
  let client: ApiClient;
  let address: string;
  beforeAll(async () => {
    ({ client, address } = await connectDemoClient(casino.url));
    await client.post("/api/crypto/deposit", { amount: "0.05" });
  });

  const badAmounts: [string, unknown][] = [
    ["negative", -1],
    ["negative string", "-0.01"],
    ["zero", 0],
    ["seven decimals", "0.0000001"],
    ["exponent", "1e-3"],
    ["huge", "99999999999999"],
    ["huge number", 1e300],
    ["text", "abc"],
    ["empty string", ""],
    ["boolean", true],
    ["array", [1]],
    ["object", { value: 1 }],
    ["null", null],
  ];

  it.each(badAmounts)("deposit with a %s amount is a 400", async (_label, amount) => {
    const before = await snapshotMoney(casino.handle.db);
    const answer = await client.post("/api/crypto/deposit", { amount });
    expect(answer.status).toBe(400);
    expect(typeof answer.body.message).toBe("string");
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it.each(badAmounts)("withdraw with a %s amount is a 400", async (_label, amount) => {
    const before = await snapshotMoney(casino.handle.db);
    const answer = await client.post("/api/crypto/withdraw", { amount });
    expect(answer.status).toBe(400);
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it.each([
    ["deposit without an amount", "/api/crypto/deposit", {}],
    ["withdraw without an amount", "/api/crypto/withdraw", {}],
    ["deposit with a malformed txnHash", "/api/crypto/deposit", { txnHash: "0x123" }],
    ["deposit with a numeric txnHash", "/api/crypto/deposit", { txnHash: 42 }],
    ["a body that is an array", "/api/crypto/withdraw", [{ amount: 1 }]],
  ])("%s is a 400", async (_label, path, body) => {
    const before = await snapshotMoney(casino.handle.db);
    expect((await client.post(path, body)).status).toBe(400);
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it.each([
    ["/api/crypto/deposit", { userWallet: "DEMOOTHER0000", amount: "0.01" }],
    ["/api/crypto/withdraw", { userWallet: "DEMOOTHER0000", amount: "0.01" }],
    ["/api/crypto/daily-bonus", { userId: "someone-else" }],
    ["/api/crypto/demo-grant", { walletAddress: "DEMOOTHER0000" }],
    ["/api/crypto/validate-bet", { userId: "someone-else", betAmount: 1, currency: "HC" }],
    ["/api/crypto/withdraw", { playerId: "x", amount: "0.01" }],
  ])("%s naming another wallet is a 403", async (path, body) => {
    const before = await snapshotMoney(casino.handle.db);
    const answer = await client.post(path, body);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe("auth/wallet_mismatch");
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it("accepts the wallet fields when they name the session's own wallet", async () => {
    expect((await client.post("/api/crypto/withdraw", { userWallet: address, amount: "0.001" })).status).toBe(
      200,
    );
  });

  it.each([["/api/crypto/transactions/DEMOOTHER0000"], ["/api/crypto/chain-balance/DEMOOTHER0000"]])(
    "GET %s of another wallet is a 403",
    async (path) => {
      expect((await client.get(path)).status).toBe(403);
    },
  );

  it.each([
    ["POST", "/api/crypto/deposit"],
    ["POST", "/api/crypto/withdraw"],
    ["POST", "/api/crypto/daily-bonus"],
    ["POST", "/api/crypto/demo-grant"],
    ["POST", "/api/crypto/validate-bet"],
    ["GET", "/api/crypto/transactions/DEMOABC123XYZ"],
    ["GET", "/api/crypto/chain-balance/DEMOABC123XYZ"],
  ])("%s %s without a session is a 401", async (method, path) => {
    const before = await snapshotMoney(casino.handle.db);
    const answer = await fetch(`${casino.url}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      ...(method === "POST"
        ? { body: JSON.stringify({ amount: "0.01", betAmount: 1, currency: "HC" }) }
        : {}),
    });
    expect(answer.status).toBe(401);
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });
});
