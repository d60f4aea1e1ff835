/**
 * kill -9: a casino process killed while a Supernova round holds bets, started again on the same
 * SQLite file, refunds every bet of the unfinished round exactly once and opens the next round.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createClient } from "../http/test-helpers.ts";
import { startMain } from "../main-process.test-helpers.ts";

/** The casino's answer to a GET with a session cookie. */
async function getWith(url: string, token: string, path: string) {
  return createClient(url).request("GET", path, { headers: { cookie: `casino_session=${token}` } });
}

describe("a casino killed with SIGKILL during a Supernova round", () => {
  it("refunds the round's bets once after the restart and goes on with the next round", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "casino-crash-kill-"));
    try {
      const env = { PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "info", POKER_BOTS: "0" };
      const first = await startMain(env);
      const url = `http://127.0.0.1:${first.port}`;
      const player = createClient(url);
      const address = `DEMO${"KILLTEST9"}`;
      expect((await player.post("/api/users", { walletAddress: address })).status).toBe(201);
      let state = await player.get("/api/crash/state/HC");
      for (let i = 0; i < 100 && (state.status !== 200 || state.body.phase !== "betting"); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        state = await player.get("/api/crash/state/HC");
      }
      const bet = await player.post("/api/crash/bet", { betAmount: 25, currency: "HC" });
      expect(bet.status).toBe(200);
      expect(bet.body.houseBalance).toBe("975");
      const round = bet.body.roundNumber as number;
      first.child.kill("SIGKILL");
      await new Promise((resolve) => first.child.once("exit", resolve));

      for (let restart = 0; restart < 2; restart++) {
        const again = await startMain(env);
        try {
          const againUrl = `http://127.0.0.1:${again.port}`;
          const token = player.token ?? "";
          let next = await getWith(againUrl, token, "/api/crash/state/HC");
          for (let i = 0; i < 100 && next.status !== 200; i++) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            next = await getWith(againUrl, token, "/api/crash/state/HC");
          }
          expect(next.body.number).toBeGreaterThan(round);
          const user = await getWith(againUrl, token, `/api/users/${address}`);
          expect(user.body.houseBalance).toBe("1000");
          const voided = await getWith(againUrl, token, `/api/crash/rounds/HC/${round}`);
          expect(voided.body.status).toBe("void");
        } finally {
          again.child.kill("SIGTERM");
          await new Promise((resolve) => again.child.once("exit", resolve));
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
