/**
 * A casino closed mid-flight, without settling, and started again on the same SQLite file: bets
 * still in are refunded, a cash-out already paid stays paid, nothing is settled twice, and the
 * next round takes the next hash of the chain.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashChainLink } from "@casino/protocol/games/crash/chain";
import { describe, expect, it } from "vitest";
import { type RunningCasino, startCasino } from "../app.ts";
import { connectDemoClient, createClient } from "../http/test-helpers.ts";
import { checkLedgerInvariants } from "../ledger/invariants.ts";
import { testLogLevel } from "../log.ts";
import { TEST_CHAIN } from "./engine.test-helpers.ts";

/** Starts the casino on `dataDir` with the test chain (round 1 flies to 5.02x, about 27 s). */
function startOn(dataDir: string): Promise<RunningCasino> {
  return startCasino({
    port: 0,
    dataDir,
    clientDist: join(dataDir, "no-client"),
    logLevel: testLogLevel(),
    crash: { chainLength: TEST_CHAIN.length, testChain: TEST_CHAIN, bettingMs: 1_500, tickMs: 10 },
  });
}

describe("a casino restarted mid-flight", () => {
  it("refunds the bets still in, keeps the cash-out, and flies the next hash", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "casino-crash-restart-"));
    try {
      const first = await startOn(dataDir);
      await first.services.crash.ready();
      const stays = await connectDemoClient(first.url);
      const leaves = await connectDemoClient(first.url);
      for (const player of [stays, leaves])
        expect((await player.client.post("/api/crash/bet", { betAmount: 10, currency: "HC" })).status).toBe(
          200,
        );
      for (let i = 0; i < 100 && first.services.crash.engine("HC")?.phase !== "flying"; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const cashed = await leaves.client.post("/api/crash/cashout", { currency: "HC" });
      expect(cashed.status).toBe(200);
      await first.close();

      const second = await startOn(dataDir);
      try {
        await second.services.crash.ready();
        // The same browser sessions, now talking to the restarted casino.
        const again = (player: typeof stays) => {
          const client = createClient(second.url);
          return {
            address: player.address,
            client: {
              get: (path: string) =>
                client.request("GET", path, { headers: { cookie: `casino_session=${player.client.token}` } }),
            },
          };
        };
        const balance = async (player: ReturnType<typeof again>) =>
          Number((await player.client.get(`/api/users/${player.address}`)).body.houseBalance);
        const stayed = again(stays);
        expect(await balance(stayed)).toBe(1000);
        expect(await balance(again(leaves))).toBeCloseTo(990 + cashed.body.winAmount, 6);
        const state = await stayed.client.get("/api/crash/state/HC");
        expect(state.body).toMatchObject({ number: 2, phase: "betting" });
        const voided = await stayed.client.get("/api/crash/rounds/HC/1");
        expect(voided.body).toMatchObject({ status: "void", crashPoint: null });
        expect(hashChainLink(voided.body.hash)).toBe(TEST_CHAIN.terminal);
        const history = await stayed.client.get(`/api/game-sessions/${stays.address}`);
        const bets = (history.body as { gameType: string; winAmount: number; status: string }[]).filter(
          (r) => r.gameType === "crash",
        );
        expect(bets).toHaveLength(1);
        expect(bets[0]?.winAmount).toBe(10);
        expect((await checkLedgerInvariants(second.handle.db)).ok).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
