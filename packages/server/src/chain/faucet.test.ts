import { AMINA_FAUCET_PER_WALLET } from "@casino/protocol";
import { generateAccount } from "algosdk";
import { describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMIT } from "../config.ts";
import {
  createClient,
  randomDemoAddress,
  securityEventsOf,
  type TestCasino,
  useCasino,
} from "../http/test-helpers.ts";
import { expectSupplyConserved } from "./test-supply.ts";

/** Connects a new demo wallet as a client behind the (one trusted) proxy at `address`. */
async function newWalletFrom(casino: TestCasino, address: string) {
  const client = createClient(casino.url);
  const wallet = randomDemoAddress();
  const headers = { "x-forwarded-for": address };
  const connected = await client.request("POST", "/api/users", { body: { walletAddress: wallet }, headers });
  expect(connected.status).toBe(201);
  const balance = await client.request("GET", `/api/crypto/chain-balance/${wallet}`, { headers });
  return balance.body as { amina: string; faucet: { received: boolean; perAddressPerHour: string } };
}

describe("the demo faucet's release", () => {
  const casino = useCasino({
    trustProxy: 1,
    rateLimit: {
      faucetPerHour: DEFAULT_RATE_LIMIT.faucetPerHour,
      faucetBurst: DEFAULT_RATE_LIMIT.faucetBurst,
      faucetGlobalPerHour: DEFAULT_RATE_LIMIT.faucetGlobalPerHour,
      faucetGlobalBurst: 4,
    },
  });

  const creatorReserve = async () => (await casino.services.chain.figures(casino.handle.db)).creatorReserve;

  it("funds one new wallet per source address an hour; the others are told why they got none", async () => {
    const before = await creatorReserve();
    const wallets = [];
    for (let i = 0; i < 5; i++) wallets.push(await newWalletFrom(casino, "198.51.100.20"));
    expect(wallets.map((w) => w.amina)).toEqual(["0.1", "0", "0", "0", "0"]);
    expect(wallets.map((w) => w.faucet.received)).toEqual([true, false, false, false, false]);
    expect(wallets[1]?.faucet).toMatchObject({ perAddressPerHour: "0.1", casinoPerHour: "2" });
    expect(before - (await creatorReserve())).toBe(AMINA_FAUCET_PER_WALLET);
    await expectSupplyConserved(casino);
  });

  it("spends none of a source's faucet on connects refused for want of a wallet proof", async () => {
    const headers = { "x-forwarded-for": "198.51.100.30" };
    for (let i = 0; i < 3; i++) {
      const unproven = await createClient(casino.url).request("POST", "/api/users", {
        body: { walletAddress: generateAccount().addr.toString() },
        headers,
      });
      expect(unproven.status).toBe(401);
    }
    expect((await newWalletFrom(casino, "198.51.100.30")).faucet.received).toBe(true);
  });

  it("releases at most the casino's hourly AMINA however many addresses ask", async () => {
    const before = await creatorReserve();
    const wallets = [];
    for (let i = 0; i < 8; i++) wallets.push(await newWalletFrom(casino, `203.0.113.${i + 1}`));
    // The burst of 4 portions: the first two tests took one each, two are left.
    expect(wallets.filter((w) => w.faucet.received)).toHaveLength(2);
    expect(before - (await creatorReserve())).toBe(2 * AMINA_FAUCET_PER_WALLET);
    const refused = await securityEventsOf(casino, "faucet_refused");
    expect(refused.map((r) => r.details)).toContain(
      "new wallet after the casino's hourly faucet release was spent",
    );
    await expectSupplyConserved(casino);
  });
});
