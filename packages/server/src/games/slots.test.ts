import { spinSlots, verifyRound } from "@casino/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { securityEventsOf, snapshotMoney, useCasino } from "../http/test-helpers.ts";
import { checkLedgerInvariants } from "../ledger/ledger.ts";
import { setMaintenanceMode } from "./maintenance.ts";
import {
  arrangeNextRound,
  historyOf,
  houseCoinsOf,
  joinAsPlayer,
  nextNonceOf,
  type TestPlayer,
} from "./test-helpers.ts";

const spin = (isWin: boolean) => (s: Parameters<typeof spinSlots>[1]) => {
  const outcome = spinSlots(1_000_000, s);
  return outcome.isWin === isWin && !outcome.bonusTriggered;
};

/** A spin in HC: the body's other fields as given. */
const postSpin = (player: TestPlayer, body: Record<string, unknown>) =>
  player.client.post("/api/games/slots", { currency: "HC", ...body });

describe("POST /api/games/slots and /slots/buy-bonus", () => {
  const casino = useCasino();
  // A failed maintenance test must not leave the switch on for the next one.
  afterEach(async () => {
    await setMaintenanceMode(casino.handle.db, false);
    casino.services.games.maintenance.forget();
  });

  it("pays a winning spin and takes a losing one, with SPEC's response fields", async () => {
    const player = await joinAsPlayer(casino, spin(true));
    const won = await postSpin(player, { betAmount: 2, isFreeSpins: false });
    expect(won.status).toBe(200);
    expect(won.body).toMatchObject({
      isWin: true,
      bonusTriggered: false,
      bonusSpinsAwarded: 0,
      freeSpinsLeft: 0,
    });
    expect(won.body.grid).toHaveLength(25);
    expect(won.body.clusters.length).toBeGreaterThan(0);
    expect(won.body.winAmount).toBeGreaterThan(0);
    expect(Number(won.body.houseBalance)).toBe(998 + won.body.winAmount);
    await arrangeNextRound(casino, player, spin(false));
    const lost = await postSpin(player, { betAmount: 2 });
    expect(lost.body).toMatchObject({ isWin: false, winAmount: 0, clusters: [] });
    expect(Number(lost.body.houseBalance)).toBe(Number(won.body.houseBalance) - 2);
  });

  it("refuses a bonus the balance cannot cover with SPEC's message", async () => {
    const player = await joinAsPlayer(casino);
    const before = await snapshotMoney(casino.handle.db);
    const refused = await player.client.post("/api/games/slots/buy-bonus", { betAmount: 20, currency: "HC" });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: "slots/insufficient_for_bonus",
      message: "Insufficient balance for bonus!",
    });
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it("refuses isFreeSpins without free spins held by the server, and records it", async () => {
    const player = await joinAsPlayer(casino);
    const before = await snapshotMoney(casino.handle.db);
    const nonce = await nextNonceOf(player);
    const forged = await postSpin(player, { betAmount: 100, isFreeSpins: true });
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ code: "slots/no_free_spins", message: "You have no free spins" });
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    expect(await nextNonceOf(player)).toBe(nonce);
    const events = await securityEventsOf(casino, "forged_free_spin");
    expect(events.some((e) => e.location === "POST /api/games/slots" && e.severity === "medium")).toBe(true);
  });

  it("sells a bonus for 100x and plays its 10 free spins as zero-stake rounds at the bought bet", async () => {
    const player = await joinAsPlayer(casino);
    const bought = await player.client.post("/api/games/slots/buy-bonus", { betAmount: 5, currency: "HC" });
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({
      success: true,
      price: 500,
      freeSpins: 10,
      freeSpinsLeft: 10,
      freeSpinMultiplier: 3,
      houseBalance: "500",
    });
    expect((await postSpin(player, { betAmount: 1 })).body.code).toBe("slots/free_spins_pending");
    expect(
      (await player.client.post("/api/games/slots/buy-bonus", { betAmount: 1, currency: "HC" })).status,
    ).toBe(409);
    const state = await player.client.get("/api/games/slots/state");
    expect(state.body.freeSpins).toEqual([
      { currency: "HC", remaining: 10, multiplier: 3, betAmount: 5, wonSoFar: 0 },
    ]);

    // Owed free spins are played even in maintenance mode; new purchases are not.
    const runtime = casino.services.games;
    await setMaintenanceMode(casino.handle.db, true);
    runtime.maintenance.forget();
    let balance = 500;
    let won = 0;
    const spins = [];
    for (let left = 9; left >= 0; left--) {
      const nonce = await nextNonceOf(player);
      const free = await postSpin(player, { betAmount: 100, isFreeSpins: true });
      expect(free.status).toBe(200);
      expect(free.body).toMatchObject({
        isFreeSpin: true,
        multiplier: 3,
        betAmount: 5,
        freeSpinsLeft: left,
        round: { nonce },
      });
      expect(free.body.round.input).toEqual({
        game: "slots",
        stake: 5_000_000,
        freeSpin: { multiplier: 3, bonusWonBefore: won * 1_000_000 },
      });
      balance += free.body.winAmount;
      won += free.body.winAmount;
      expect(Number(free.body.houseBalance)).toBeCloseTo(balance, 6);
      spins.push(free.body);
    }
    expect(
      (await player.client.post("/api/games/slots/buy-bonus", { betAmount: 1, currency: "HC" })).status,
    ).toBe(503);
    await setMaintenanceMode(casino.handle.db, false);
    runtime.maintenance.forget();
    expect((await postSpin(player, { betAmount: 5, isFreeSpins: true })).status).toBe(403);

    const history = await historyOf(player);
    expect(history.slice(0, 11).map((row) => row.betAmount)).toEqual([...Array(10).fill(0), 500]);
    const rotated = await player.client.post("/api/game-seeds/new-server-seed", {});
    for (const round of [bought.body.round, spins[0].round, spins[9].round]) {
      const check = verifyRound({ serverSeed: rotated.body.previousServerSeed, ...round });
      expect(check.ok && check.hashMatches).toBe(true);
    }
    const first = verifyRound({ serverSeed: rotated.body.previousServerSeed, ...spins[0].round });
    expect(first.ok && first.win).toBe(spins[0].winAmount * 1_000_000);
  });

  it("awards 10 free spins when a paid spin lands 3 scatters", async () => {
    const player = await joinAsPlayer(casino, (s) => spinSlots(1_000_000, s).bonusTriggered);
    const triggered = await postSpin(player, { betAmount: 1 });
    expect(triggered.body).toMatchObject({ bonusTriggered: true, bonusSpinsAwarded: 10, freeSpinsLeft: 10 });
    const free = await postSpin(player, { betAmount: 1, isFreeSpins: true });
    expect(free.body).toMatchObject({ isFreeSpin: true, freeSpinsLeft: 9, betAmount: 1 });
    expect(await houseCoinsOf(player)).toBeCloseTo(999 + triggered.body.winAmount + free.body.winAmount, 6);
  });

  it("keeps every balance equal to its ledger entries and money conserved across these rounds", async () => {
    const report = await checkLedgerInvariants(casino.handle.db);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
