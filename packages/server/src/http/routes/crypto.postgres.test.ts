import { describe, expect, it } from "vitest";
import { expectSupplyConserved } from "../../chain/test-supply.ts";
import { postgresUrlForTests } from "../../db/test-databases.ts";
import { connectDemoClient, usePostgresCasino } from "../test-helpers.ts";

const pgUrl = postgresUrlForTests();
describe.runIf(pgUrl)("crypto endpoints on PostgreSQL", () => {
  const casino = usePostgresCasino("http");

  it("keeps deposits, withdrawals and bonuses exact under concurrency", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    const deposit = await client.post("/api/crypto/deposit", { amount: "0.05" });
    expect(deposit.status).toBe(200);
    const again = await Promise.all(
      Array.from({ length: 4 }, () => client.post("/api/crypto/deposit", { txnHash: deposit.body.txnHash })),
    );
    expect(again.every((a) => a.status === 200 && a.text === deposit.text)).toBe(true);
    const withdrawals = await Promise.all(
      Array.from({ length: 8 }, () => client.post("/api/crypto/withdraw", { amount: "0.01" })),
    );
    expect(withdrawals.filter((a) => a.status === 200)).toHaveLength(5);
    const keyed = await Promise.all(
      Array.from({ length: 4 }, () =>
        client.post("/api/crypto/daily-bonus", {}, { "idempotency-key": "bonus-1" }),
      ),
    );
    expect(new Set(keyed.map((a) => a.text)).size).toBe(1);
    const bonuses = await Promise.all(
      Array.from({ length: 4 }, () => client.post("/api/crypto/daily-bonus", {})),
    );
    expect(bonuses.every((a) => a.status === 409)).toBe(true);
    expect((await client.get(`/api/users/${address}`)).body).toMatchObject({
      aminaBalance: "0",
      houseBalance: "1100",
    });
    await expectSupplyConserved(casino);
  });
});
