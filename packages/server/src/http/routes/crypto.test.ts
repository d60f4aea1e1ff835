import { coins } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { expectSupplyConserved } from "../../chain/test-supply.ts";
import { runInTransaction } from "../../db/transaction.ts";
import { playRound } from "../../rounds/rounds.ts";
import { connectDemoClient, snapshotMoney, type TestCasino, useCasino } from "../test-helpers.ts";

/** Loses `stake` HC in a settled round, as a game would, to bring a balance down. */
async function loseHouseCoins(casino: TestCasino, userId: string, stake: number) {
  const result = await playRound(casino.handle, {
    userId,
    gameType: "dice",
    currency: "HC",
    stake,
    input: { betType: "seven" },
    decide: () => ({ win: 0, outcome: { dice1: 1, dice2: 1 } }),
  });
  expect(result.ok).toBe(true);
}

describe("crypto endpoints on SQLite", () => {
  const casino = useCasino();

  it("funds a new demo wallet from the faucet and lists it", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    expect((await client.get(`/api/crypto/chain-balance/${address}`)).body).toEqual({
      walletAddress: address,
      amina: "0.1",
      faucet: { received: true, perAddressPerHour: expect.any(String), casinoPerHour: expect.any(String) },
    });
    const list = await client.get(`/api/crypto/transactions/${address}`);
    expect(list.body).toEqual([
      {
        id: expect.any(String),
        type: "faucet",
        currency: "AMINA",
        amount: "0.1",
        txnHash: expect.stringMatching(/^[A-Z2-7]{52}$/),
        status: "confirmed",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    await expectSupplyConserved(casino);
  });

  it("deposits from the simulated wallet and answers a repeated txnHash with the first answer", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    const deposit = await client.post("/api/crypto/deposit", { amount: "0.05" });
    expect(deposit.status).toBe(200);
    expect(deposit.body).toEqual({
      success: true,
      txnHash: expect.stringMatching(/^[A-Z2-7]{52}$/),
      amount: "0.05",
      aminaBalance: "0.05",
      houseBalance: "1000",
    });
    expect((await client.get(`/api/crypto/chain-balance/${address}`)).body.amina).toBe("0.05");
    const before = await snapshotMoney(casino.handle.db);
    const repeat = await client.post("/api/crypto/deposit", { txnHash: deposit.body.txnHash });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(deposit.body);
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    const types = (await client.get(`/api/crypto/transactions/${address}`)).body.map(
      (t: { type: string }) => t.type,
    );
    expect(types).toEqual(["deposit", "faucet"]);
    await expectSupplyConserved(casino);
  });

  it("credits a transfer the wallet made itself, once, and refuses foreign or unknown ones", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    const { address: otherAddress } = await connectDemoClient(casino.url);
    const transfer = async (from: string, amount: number) =>
      runInTransaction(casino.handle, async (trx) => {
        const moved = await casino.services.chain.transferToCustody(trx, from, amount);
        if (!moved.ok) throw new Error("transfer failed");
        return moved.transfer.id;
      });
    const mine = await transfer(address, coins(0.02));
    const theirs = await transfer(otherAddress, coins(0.02));
    const before = await snapshotMoney(casino.handle.db);
    const mismatch = await client.post("/api/crypto/deposit", { txnHash: mine, amount: "0.03" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.code).toBe("deposit/amount_mismatch");
    expect((await client.post("/api/crypto/deposit", { txnHash: theirs })).body.code).toBe(
      "deposit/not_a_deposit",
    );
    const unknown = await client.post("/api/crypto/deposit", { txnHash: "A".repeat(52) });
    expect(unknown.status).toBe(404);
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    const credited = await client.post("/api/crypto/deposit", { txnHash: mine, amount: 0.02 });
    expect(credited.body).toMatchObject({ success: true, txnHash: mine, aminaBalance: "0.02" });
    const again = await client.post("/api/crypto/deposit", { txnHash: mine });
    expect(again.body).toEqual(credited.body);
    expect((await client.get(`/api/users/${address}`)).body.aminaBalance).toBe("0.02");
    await expectSupplyConserved(casino);
  });

  it("refuses a deposit above the wallet's chain balance without moving anything", async () => {
    const { client } = await connectDemoClient(casino.url);
    const before = await snapshotMoney(casino.handle.db);
    const answer = await client.post("/api/crypto/deposit", { amount: "0.2" });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("deposit/insufficient_chain_balance");
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it("withdraws to the wallet, never above the balance, the whole balance included", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    await client.post("/api/crypto/deposit", { amount: "0.1" });
    const part = await client.post("/api/crypto/withdraw", { amount: 0.025 });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({
      success: true,
      amount: "0.025",
      aminaBalance: "0.075",
      houseBalance: "1000",
    });
    expect((await client.get(`/api/crypto/chain-balance/${address}`)).body.amina).toBe("0.025");
    const before = await snapshotMoney(casino.handle.db);
    const tooMuch = await client.post("/api/crypto/withdraw", { amount: "0.076" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe("You don't have enough AMINA tokens to withdraw");
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    const rest = await client.post("/api/crypto/withdraw", { amount: "0.075" });
    expect(rest.body.aminaBalance).toBe("0");
    expect((await client.get(`/api/crypto/chain-balance/${address}`)).body.amina).toBe("0.1");
    await expectSupplyConserved(casino);
  });

  it("withdraws any micro-unit amount from 0.001, and a remainder below 0.001 as the whole balance", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    const deposit = await client.post("/api/crypto/deposit", { amount: "0.099664" });
    expect(deposit.body).toMatchObject({ success: true, aminaBalance: "0.099664" });
    const part = await client.post("/api/crypto/withdraw", { amount: "0.099" });
    expect(part.body).toMatchObject({ success: true, amount: "0.099", aminaBalance: "0.000664" });
    const before = await snapshotMoney(casino.handle.db);
    const tooSmall = await client.post("/api/crypto/withdraw", { amount: "0.0006" });
    expect(tooSmall.status).toBe(400);
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    const rest = await client.post("/api/crypto/withdraw", { amount: "0.000664" });
    expect(rest.body).toMatchObject({ success: true, amount: "0.000664", aminaBalance: "0" });
    expect((await client.get(`/api/crypto/chain-balance/${address}`)).body.amina).toBe("0.1");
    await expectSupplyConserved(casino);
  });

  it("lets concurrent withdrawals take exactly what the balance covers", async () => {
    const { client } = await connectDemoClient(casino.url);
    await client.post("/api/crypto/deposit", { amount: "0.05" });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => client.post("/api/crypto/withdraw", { amount: "0.01" })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(7);
    await expectSupplyConserved(casino);
  });

  it("replays a money move with the same Idempotency-Key and moves it once", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    const key = { "idempotency-key": "withdraw-once-1" };
    await client.post("/api/crypto/deposit", { amount: "0.04" });
    const first = await client.post("/api/crypto/withdraw", { amount: "0.01" }, key);
    const second = await client.post("/api/crypto/withdraw", { amount: "0.01" }, key);
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect((await client.get(`/api/users/${address}`)).body.aminaBalance).toBe("0.03");
    const parallel = await Promise.all(
      Array.from({ length: 6 }, () =>
        client.post("/api/crypto/withdraw", { amount: "0.01" }, { "idempotency-key": "par" }),
      ),
    );
    expect(new Set(parallel.map((a) => a.text)).size).toBe(1);
    expect((await client.get(`/api/users/${address}`)).body.aminaBalance).toBe("0.02");
    const refused = await client.post(
      "/api/crypto/withdraw",
      { amount: "5" },
      { "idempotency-key": "too-much" },
    );
    const refusedAgain = await client.post(
      "/api/crypto/withdraw",
      { amount: "5" },
      { "idempotency-key": "too-much" },
    );
    expect([refused.status, refusedAgain.status]).toEqual([400, 400]);
    expect(refusedAgain.body).toEqual(refused.body);
    const badKey = await client.post(
      "/api/crypto/withdraw",
      { amount: "0.01" },
      { "idempotency-key": "x".repeat(201) },
    );
    expect(badKey.status).toBe(400);
    expect(badKey.body.code).toBe("idempotency/bad_key");
  });

  it("grants the daily bonus once per 24 hours", async () => {
    const { client } = await connectDemoClient(casino.url);
    const first = await client.post("/api/crypto/daily-bonus", {});
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, amount: "100", houseBalance: "1100" });
    expect(Date.parse(first.body.nextAvailableAt)).toBeGreaterThan(Date.now());
    const before = await snapshotMoney(casino.handle.db);
    const second = await client.post("/api/crypto/daily-bonus", {});
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("bonus/too_soon");
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    const racing = await connectDemoClient(casino.url);
    const raced = await Promise.all(
      Array.from({ length: 5 }, () => racing.client.post("/api/crypto/daily-bonus", {})),
    );
    expect(raced.filter((a) => a.status === 200)).toHaveLength(1);
    casino.advanceClock(24 * 60 * 60 * 1000);
    const tomorrow = await client.post("/api/crypto/daily-bonus", {});
    expect(tomorrow.status).toBe(200);
    expect(tomorrow.body.houseBalance).toBe("1200");
  });

  it("refills demo House Coins only while the balance is below 1000", async () => {
    const { client, user } = await connectDemoClient(casino.url);
    const full = await client.post("/api/crypto/demo-grant", {});
    expect(full.status).toBe(409);
    expect(full.body.code).toBe("grant/not_needed");
    await loseHouseCoins(casino, user.id, coins(50));
    const refill = await client.post("/api/crypto/demo-grant", {});
    expect(refill.status).toBe(200);
    expect(refill.body).toEqual({ success: true, amount: "1000", houseBalance: "1950" });
    expect((await client.post("/api/crypto/demo-grant", {})).status).toBe(409);
    const types = (await client.get(`/api/crypto/transactions/${user.walletAddress}`)).body.map(
      (t: { type: string }) => t.type,
    );
    expect(types).toContain("demo_grant");
  });

  it("validates bets against the limits and the balance", async () => {
    const { client } = await connectDemoClient(casino.url);
    const check = (body: unknown) => client.post("/api/crypto/validate-bet", body);
    expect((await check({ betAmount: 10, currency: "HC" })).body).toEqual({ valid: true });
    expect((await check({ betAmount: "0.005", currency: "AMINA" })).body).toEqual({
      valid: false,
      reason: "Insufficient balance!",
    });
    expect((await check({ betAmount: 101, currency: "HC" })).body.valid).toBe(false);
    expect((await check({ betAmount: 1.5, currency: "HC" })).body.valid).toBe(false);
    expect((await check({ betAmount: 0, currency: "HC" })).status).toBe(400);
    expect((await check({ betAmount: 10, currency: "DOGE" })).status).toBe(400);
    expect((await check({ betAmount: -1, currency: "HC" })).status).toBe(400);
    expect((await check({ currency: "HC" })).status).toBe(400);
  });

  it("publishes where the supply sits", async () => {
    const status = (await connectDemoClient(casino.url)).client.get("/api/crypto/status");
    const body = (await status).body;
    expect(body.chain.supplyConserved).toBe(true);
    expect(Number(body.chain.circulatingInCasino) + Number(body.chain.heldOnChain)).toBeCloseTo(1000, 6);
    expect(body.asset.creator).toMatch(/^[A-Z2-7]{58}$/);
  });
});
