import { PLINKO_ROWS } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { securityEventsOf, snapshotMoney } from "../http/test-helpers.ts";
import { checkLedgerInvariants } from "../ledger/ledger.ts";
import { PLINKO_FLIGHT_MS } from "./ball-flights.ts";
import {
  arrangeNextRound,
  historyOf,
  joinAsPlayer,
  nextNonceOf,
  useCasinoWithPlayer,
} from "./test-helpers.ts";

/** The slot a stream's ball lands in (number of rights over the 12 rows). */
function slotOf(stream: { next(): number }): number {
  let rights = 0;
  for (let row = 0; row < PLINKO_ROWS; row++) rights += Math.floor(stream.next() * 2);
  return rights;
}

describe("POST /api/games/plinko", () => {
  const { casino, player } = useCasinoWithPlayer();

  it("pays an edge slot of the high table at 8x or more", async () => {
    await arrangeNextRound(casino, player, (s) => {
      const slot = slotOf(s);
      return slot <= 2 || slot >= 10;
    });
    const answer = await player.client.post("/api/games/plinko", {
      betAmount: 10,
      currency: "HC",
      risk: "high",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.multiplier).toBeGreaterThanOrEqual(8);
    expect(answer.body).toMatchObject({ isWin: true, winAmount: 10 * answer.body.multiplier, risk: "high" });
    expect(answer.body.directions).toHaveLength(PLINKO_ROWS);
    expect(answer.body.directions.reduce((a: number, b: number) => a + b, 0)).toBe(answer.body.path);
    expect(Number(answer.body.houseBalance)).toBe(990 + answer.body.winAmount);
  });

  it("ignores the client's slotIndex: the server's path lands in the centre and pays 0.1x", async () => {
    await arrangeNextRound(casino, player, (s) => slotOf(s) === 6);
    const before = Number((await player.client.get(`/api/users/${player.address}`)).body.houseBalance);
    const nonce = await nextNonceOf(player);
    const answer = await player.client.post("/api/games/plinko", {
      betAmount: 10,
      currency: "HC",
      risk: "high",
      slotIndex: 0,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ path: 6, slotIndex: 6, multiplier: 0.1, winAmount: 1 });
    expect(Number(answer.body.houseBalance)).toBe(before - 9);
    const claims = await securityEventsOf(casino, "forged_outcome");
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({
      severity: "low",
      location: "POST /api/games/plinko",
      rule: "plinko/server_decides_path",
    });
    expect(claims[0]?.details).toContain("landed in slot 6");
    expect((await historyOf(player))[0]).toMatchObject({
      gameType: "plinko",
      nonce,
      betAmount: 10,
      winAmount: 1,
    });
    expect(await nextNonceOf(player)).toBe(nonce + 1);
  });

  it("allows 5 balls in flight, refuses the 6th with SPEC's message, and allows it once one has landed", async () => {
    const dropper = await joinAsPlayer(casino);
    const drop = () =>
      dropper.client.post("/api/games/plinko", { betAmount: 1, currency: "HC", risk: "low" });
    const five = await Promise.all([drop(), drop(), drop(), drop(), drop()]);
    expect(five.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(Math.max(...five.map((a) => a.body.ballsInFlight))).toBe(5);
    const before = await snapshotMoney(casino.handle.db);
    const sixth = await drop();
    expect(sixth.status).toBe(409);
    expect(sixth.body).toEqual({ code: "plinko/too_many_balls", message: "Maximum 5 balls allowed!" });
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    const state = await dropper.client.get("/api/games/plinko/state");
    expect(state.body.ballsInFlight).toBe(5);
    casino.advanceClock(PLINKO_FLIGHT_MS);
    expect((await drop()).status).toBe(200);
  });

  it("refuses a drop above the balance, and bad bodies, moving nothing", async () => {
    const poor = await joinAsPlayer(casino);
    const before = await snapshotMoney(casino.handle.db);
    const refused = await poor.client.post("/api/games/plinko", {
      betAmount: 0.5,
      currency: "AMINA",
      risk: "low",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Insufficient balance!");
    for (const body of [
      { betAmount: 1, currency: "HC", risk: "extreme" },
      { betAmount: 1, currency: "HC" },
      { betAmount: 0, currency: "HC", risk: "low" },
      { betAmount: 1, currency: "HC", risk: "low", multiplier: 60 },
    ]) {
      const answer = await poor.client.post("/api/games/plinko", body);
      expect(answer.status).toBe(400);
    }
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    expect(await poor.client.get("/api/games/plinko/state").then((a) => a.body.ballsInFlight)).toBe(0);
  });

  it("keeps every balance equal to its ledger entries and money conserved across these rounds", async () => {
    const report = await checkLedgerInvariants(casino.handle.db);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
