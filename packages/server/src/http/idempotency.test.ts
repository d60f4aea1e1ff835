import { describe, expect, it } from "vitest";
import { getBalances } from "../ledger/ledger.ts";
import { createPlayer, useCheckedPokerCasino } from "../poker/test-helpers.ts";
import { connectDemoClient, snapshotMoney } from "./test-helpers.ts";

const KEY_REUSED = {
  code: "idempotency/key_reused",
  message: "This Idempotency-Key was already used for a different request",
};

describe("Idempotency-Key", () => {
  const casino = useCheckedPokerCasino({ autoStartDelayMs: 60_000, bots: false });

  it("refuses a key reused with another body (422) and replays it with the same body", async () => {
    const { client } = await connectDemoClient(casino.url);
    await client.post("/api/crypto/deposit", { amount: "0.04" });
    const key = { "idempotency-key": "withdraw-1" };
    const first = await client.post("/api/crypto/withdraw", { amount: "0.01" }, key);
    expect(first.status).toBe(200);
    const before = await snapshotMoney(casino.handle.db);
    const other = await client.post("/api/crypto/withdraw", { amount: "0.02" }, key);
    expect([other.status, other.body]).toEqual([422, KEY_REUSED]);
    const otherPath = await client.post("/api/crypto/daily-bonus", {}, key);
    expect(otherPath.status).toBe(200);
    const same = await client.post("/api/crypto/withdraw", { amount: "0.01" }, key);
    expect([same.status, same.body, same.headers.get("idempotent-replayed")]).toEqual([
      200,
      first.body,
      "true",
    ]);
    const after = await snapshotMoney(casino.handle.db);
    expect(after.chainTransfers).toBe(before.chainTransfers);
  });

  it("refuses a reused key on a game move and on a stored refusal", async () => {
    const { client, user } = await connectDemoClient(casino.url);
    const key = { "idempotency-key": "dice-1" };
    const bet = { betAmount: 1, currency: "HC", betType: "low" };
    expect((await client.post("/api/games/dice", bet, key)).status).toBe(200);
    const balance = await getBalances(casino.handle.db, user.id);
    const other = await client.post("/api/games/dice", { ...bet, betAmount: 2 }, key);
    expect([other.status, other.body]).toEqual([422, KEY_REUSED]);
    expect(await getBalances(casino.handle.db, user.id)).toEqual(balance);
    const refusal = { "idempotency-key": "too-much" };
    expect((await client.post("/api/crypto/withdraw", { amount: "5" }, refusal)).status).toBe(400);
    const again = await client.post("/api/crypto/withdraw", { amount: "0.01" }, refusal);
    expect([again.status, again.body]).toEqual([422, KEY_REUSED]);
  });

  it("answers a repeated poker leave with its first answer", async () => {
    const p = await createPlayer(casino, 1);
    const joined = await p.client.post("/api/poker/tables/nebula-amina-micro/join", { buyInAmount: 0.05 });
    expect(joined.status).toBe(200);
    const key = { "idempotency-key": "leave-1" };
    const first = await p.client.post("/api/poker/tables/nebula-amina-micro/leave", {}, key);
    expect(first.body).toMatchObject({ success: true, pending: false });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => p.client.post("/api/poker/tables/nebula-amina-micro/leave", {}, key)),
    );
    for (const again of answers) {
      expect([again.status, again.body, again.headers.get("idempotent-replayed")]).toEqual([
        200,
        first.body,
        "true",
      ]);
    }
    expect((await getBalances(casino.handle.db, p.userId)).AMINA).toBe(1_000_000);
    const reused = await p.client.post(
      "/api/poker/tables/nebula-amina-micro/leave",
      { walletAddress: p.address },
      key,
    );
    expect([reused.status, reused.body]).toEqual([422, KEY_REUSED]);
  });
});
