import { describe, expect, it } from "vitest";
import { postgresUrlForTests } from "../db/test-databases.ts";
import { usePostgresCasino } from "../http/test-helpers.ts";
import { checkLedgerInvariants } from "../ledger/ledger.ts";
import { historyOf, houseCoinsOf, joinAsPlayer } from "./test-helpers.ts";

const pgUrl = postgresUrlForTests();
describe.runIf(pgUrl)("the games on PostgreSQL", () => {
  const casino = usePostgresCasino("games");

  it("never plays a free spin twice under concurrent requests", async () => {
    const player = await joinAsPlayer(casino);
    expect(
      (await player.client.post("/api/games/slots/buy-bonus", { betAmount: 1, currency: "HC" })).status,
    ).toBe(200);
    const spins = await Promise.all(
      Array.from({ length: 16 }, () =>
        player.client.post("/api/games/slots", { betAmount: 1, currency: "HC", isFreeSpins: true }),
      ),
    );
    expect(spins.filter((a) => a.status === 200)).toHaveLength(10);
    expect(spins.filter((a) => a.status === 403)).toHaveLength(6);
    const won = spins.filter((a) => a.status === 200).reduce((sum, a) => sum + a.body.winAmount, 0);
    expect(await houseCoinsOf(player)).toBeCloseTo(900 + won, 6);
    expect((await historyOf(player)).filter((r) => r.betAmount === 0)).toHaveLength(10);
  });

  it("plays concurrent bets of one wallet without overdrawing, and settles an abandoned hand", async () => {
    const player = await joinAsPlayer(casino);
    const bets = await Promise.all(
      Array.from({ length: 12 }, () =>
        player.client.post("/api/games/dice", { betAmount: 100, currency: "HC", betType: "seven" }),
      ),
    );
    expect(bets.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(10);
    expect(bets.every((a) => a.status === 200 || a.body.code === "bet/insufficient_balance")).toBe(true);
    expect(await houseCoinsOf(player)).toBeGreaterThanOrEqual(0);
    const dealer = await joinAsPlayer(casino);
    const dealt = await dealer.client.post("/api/games/blackjack/deal", { betAmount: 10, currency: "HC" });
    expect(dealt.status).toBe(200);
    casino.advanceClock(3 * 60 * 1000);
    await casino.services.games.settler.settleOnce();
    expect((await dealer.client.get("/api/games/blackjack/state")).body.open).toBe(false);
    const report = await checkLedgerInvariants(casino.handle.db);
    expect(report.mismatches).toEqual([]);
  });
});
