import { AMINA_TOTAL_SUPPLY, formatUnits } from "@casino/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ApiClient, connectDemoClient, useCasino } from "../http/test-helpers.ts";
import { EXTERNAL_ACCOUNT } from "../ledger/accounts.ts";
import { checkLedgerInvariants, getBalances } from "../ledger/ledger.ts";

/** One cashier action of a random session. */
type Step =
  | { op: "deposit" | "withdraw"; player: number; units: number }
  | { op: "redeposit"; player: number }
  | { op: "connect" };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constantFrom("deposit" as const, "withdraw" as const),
    player: fc.nat(3),
    units: fc.integer({ min: 1, max: 150_000 }),
  }),
  fc.record({ op: fc.constant("redeposit" as const), player: fc.nat(3) }),
  fc.record({ op: fc.constant("connect" as const) }),
);

describe("the AMINA supply across faucet, deposits and withdrawals", () => {
  const casino = useCasino();

  /** Supply on the chain is constant; custody equals the AMINA the ledger says is inside the casino. */
  async function checkSupply() {
    const { db } = casino.handle;
    const figures = await casino.services.chain.figures(db);
    expect(figures.total).toBe(AMINA_TOTAL_SUPPLY);
    expect(figures.custody).toBe(-(await getBalances(db, EXTERNAL_ACCOUNT)).AMINA);
    const report = await checkLedgerInvariants(db);
    expect(report.mismatches).toEqual([]);
  }

  it("is conserved by every random sequence, and no balance ever goes negative", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 14 }), async (steps) => {
        const players: { client: ApiClient; address: string; lastHash?: string }[] = [];
        players.push(await connectDemoClient(casino.url));
        for (const step of steps) {
          if (step.op === "connect") {
            players.push(await connectDemoClient(casino.url));
            continue;
          }
          const player = players[step.player % players.length]!;
          if (step.op === "redeposit") {
            if (!player.lastHash) continue;
            const again = await player.client.post("/api/crypto/deposit", { txnHash: player.lastHash });
            expect(again.status).toBe(200);
            continue;
          }
          const answer = await player.client.post(`/api/crypto/${step.op}`, {
            amount: formatUnits(step.units),
          });
          expect([200, 400]).toContain(answer.status);
          if (answer.status === 200 && step.op === "deposit") player.lastHash = answer.body.txnHash;
          const user = (await player.client.get(`/api/users/${player.address}`)).body;
          expect(Number(user.aminaBalance)).toBeGreaterThanOrEqual(0);
        }
        await checkSupply();
      }),
      { seed: 20_261_122, numRuns: 25 },
    );
  });
});
