import {
  applyBlackjackAction,
  type BlackjackAction,
  type BlackjackState,
  coins,
  handTotal,
  startBlackjack,
} from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { snapshotMoney, type TestCasino, useCasino } from "../http/test-helpers.ts";
import { checkLedgerInvariants } from "../ledger/ledger.ts";
import { playRound } from "../rounds/rounds.ts";
import {
  arrangeNextRound,
  historyOf,
  houseCoinsOf,
  joinAsPlayer,
  nextNonceOf,
  reachesState,
  type TestPlayer,
} from "./test-helpers.ts";

/** A predicate on the round after `actions`, played offline with the pure rules. */
function after(actions: BlackjackAction[], wants: (state: BlackjackState) => boolean) {
  return reachesState((stream) => startBlackjack(1_000_000, stream), applyBlackjackAction, actions, wants);
}

const deal = (player: TestPlayer, betAmount: number | string = 10) =>
  player.client.post("/api/games/blackjack/deal", {
    betAmount,
    currency: "HC",
    walletAddress: player.address,
  });

/** Arranges the player's next round to satisfy `wants` after `actions`, then deals it. */
async function dealArranged(
  casino: TestCasino,
  player: TestPlayer,
  actions: BlackjackAction[],
  wants: (state: BlackjackState) => boolean,
) {
  await arrangeNextRound(casino, player, after(actions, wants));
  return deal(player);
}

/** Checks that `answer` is a 200 whose body holds `fields`. */
function expectAnswer(answer: { status: number; body: unknown }, fields: Record<string, unknown>): void {
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject(fields);
}

describe("blackjack over REST", () => {
  const casino = useCasino();

  it("deals with the hole card hidden, ignores the client's total and stake on stand, and pays a win 2x", async () => {
    const player = await joinAsPlayer(
      casino,
      after(["stand"], (s) => s.hands[0]?.result === "win"),
    );
    const nonce = await nextNonceOf(player);
    const dealt = await deal(player);
    expectAnswer(dealt, { result: "playing", winAmount: 0, houseBalance: "990", phase: "player" });
    expect(dealt.body.playerCards).toHaveLength(2);
    expect(dealt.body.dealerCards[1]).toEqual({ suit: "hidden", rank: "hidden" });
    const state = await player.client.get("/api/games/blackjack/state");
    expect(state.body).toMatchObject({
      open: true,
      game: { playerCards: dealt.body.playerCards, dealerCards: dealt.body.dealerCards },
    });
    const stood = await player.client.post("/api/games/blackjack/stand", {
      walletAddress: player.address,
      playerTotal: 21,
      betAmount: 100,
      currency: "AMINA",
    });
    expectAnswer(stood, { result: "win", winAmount: 20, houseBalance: "1010", message: "You win!" });
    expect(stood.body.dealerCards.length).toBeGreaterThanOrEqual(2);
    expect(stood.body.dealerCards).not.toContainEqual({ suit: "hidden", rank: "hidden" });
    expect(stood.body.dealerTotal).toBeGreaterThanOrEqual(17);
    expect((await historyOf(player))[0]).toMatchObject({
      gameType: "blackjack",
      betAmount: 10,
      winAmount: 20,
      nonce,
    });
    expect(await nextNonceOf(player)).toBe(nonce + 1);
    expect((await player.client.get("/api/games/blackjack/state")).body.open).toBe(false);
  });

  it("loses a hand to the dealer and settles a natural at once at 3:2", async () => {
    const player = await joinAsPlayer(casino);
    await dealArranged(casino, player, ["stand"], (s) => s.hands[0]?.result === "lose");
    const lost = await player.client.post("/api/games/blackjack/stand", {});
    expect(lost.body).toMatchObject({
      result: "lose",
      winAmount: 0,
      houseBalance: "990",
      message: "Dealer wins",
    });
    const natural = await dealArranged(casino, player, [], (s) => s.hands[0]?.result === "blackjack");
    expect(natural.body).toMatchObject({
      result: "blackjack",
      winAmount: 25,
      phase: "settled",
      houseBalance: "1005",
    });
    const late = await player.client.post("/api/games/blackjack/hit", {});
    expect(late.status).toBe(404);
    expect(late.body.code).toBe("round/not_found");
  });

  it("busts on a hit, settles it on the server, and answers the bust report from its own round", async () => {
    const player = await joinAsPlayer(casino);
    await dealArranged(casino, player, ["hit"], (s) => s.hands[0]?.result === "bust");
    const hit = await player.client.post("/api/games/blackjack/hit", { walletAddress: player.address });
    expect(hit.body).toMatchObject({ result: "bust", winAmount: 0, phase: "settled", houseBalance: "990" });
    expect(hit.body.newCard).toEqual(hit.body.playerCards[2]);
    const report = await player.client.post("/api/games/blackjack/bust", { betAmount: 10, currency: "HC" });
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ result: "bust", message: "Bust! Dealer wins", houseBalance: "990" });
    await dealArranged(
      casino,
      player,
      [],
      (s) => s.phase === "player" && handTotal(s.hands[0]!.cards).total < 21,
    );
    const before = await snapshotMoney(casino.handle.db);
    const forged = await player.client.post("/api/games/blackjack/bust", { betAmount: 10, currency: "HC" });
    expect(forged.status).toBe(409);
    expect(forged.body.code).toBe("blackjack/not_bust");
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    expect((await deal(player)).body.code).toBe("round/already_open");
    expect((await player.client.post("/api/games/blackjack/stand", {})).status).toBe(200);
  });

  it("doubles: the stake doubles, one card is drawn and the hand settles", async () => {
    const player = await joinAsPlayer(casino);
    await dealArranged(casino, player, ["double"], (s) => s.hands[0]?.result === "win");
    const doubled = await player.client.post("/api/games/blackjack/double", {});
    expect(doubled.status).toBe(200);
    expect(doubled.body).toMatchObject({ result: "win", betAmount: 20, winAmount: 40, houseBalance: "1020" });
    expect(doubled.body.hands[0]).toMatchObject({ doubled: true, betAmount: 20 });
    expect(doubled.body.playerCards).toHaveLength(3);
    expect((await historyOf(player))[0]).toMatchObject({ betAmount: 20, winAmount: 40 });
  });

  it("splits a pair into two hands at one more stake each and settles both", async () => {
    const player = await joinAsPlayer(casino);
    await dealArranged(
      casino,
      player,
      ["split", "stand", "stand"],
      (s) => s.hands.length === 2 && s.phase === "settled",
    );
    const split = await player.client.post("/api/games/blackjack/split", {});
    expect(split.status).toBe(200);
    expect(split.body.hands).toHaveLength(2);
    expect(split.body).toMatchObject({ betAmount: 20, houseBalance: "980", phase: "player" });
    await player.client.post("/api/games/blackjack/stand", {});
    const settled = await player.client.post("/api/games/blackjack/stand", {});
    expect(settled.body.phase).toBe("settled");
    expect(settled.body.hands.map((h: { betAmount: number }) => h.betAmount)).toEqual([10, 10]);
    const win = settled.body.hands.reduce((sum: number, h: { winAmount: number }) => sum + h.winAmount, 0);
    expect(settled.body.winAmount).toBe(win);
    expect(await houseCoinsOf(player)).toBe(980 + win);
  });

  it("refuses an illegal split, a double the balance cannot cover and a deal above the balance", async () => {
    const player = await joinAsPlayer(casino);
    const drain = await playRound(casino.handle, {
      userId: player.userId,
      gameType: "dice",
      currency: "HC",
      stake: coins(850),
      input: { game: "dice", stake: coins(850), betType: "seven" },
      decide: () => ({ win: 0, outcome: { test: "drain" } }),
    });
    expect(drain.ok).toBe(true);
    await arrangeNextRound(
      casino,
      player,
      after(
        ["stand"],
        (s) => s.hands[0]!.result === "lose" && s.hands[0]!.cards[0]! >> 2 !== s.hands[0]!.cards[1]! >> 2,
      ),
    );
    expect((await deal(player, 100)).body.houseBalance).toBe("50");
    const before = await snapshotMoney(casino.handle.db);
    const split = await player.client.post("/api/games/blackjack/split", {});
    expect(split.status).toBe(409);
    expect(split.body.code).toBe("blackjack/illegal_action");
    const double = await player.client.post("/api/games/blackjack/double", {});
    expect(double.status).toBe(400);
    expect(double.body).toEqual({ code: "bet/insufficient_balance", message: "Insufficient balance!" });
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    expect((await player.client.get("/api/games/blackjack/state")).body.game.playerCards).toHaveLength(2);
    expect((await player.client.post("/api/games/blackjack/stand", {})).body.houseBalance).toBe("50");
    const poor = await deal(player, 100);
    expect(poor.status).toBe(400);
    expect(poor.body.message).toBe("Insufficient balance!");
    for (const body of [
      { betAmount: 0, currency: "HC" },
      { betAmount: 1, currency: "XX" },
      { currency: "HC" },
      { betAmount: 1, currency: "HC", cards: [] },
    ]) {
      expect((await player.client.post("/api/games/blackjack/deal", body)).status).toBe(400);
    }
    expect((await player.client.post("/api/games/blackjack/hit", { playerTotal: 12 })).status).toBe(400);
    expect((await player.client.get("/api/games/roulette/state")).status).toBe(404);
  });

  it("keeps every balance equal to its ledger entries and money conserved across these rounds", async () => {
    const report = await checkLedgerInvariants(casino.handle.db);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
