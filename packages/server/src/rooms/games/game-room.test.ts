import {
  applyBlackjackAction,
  dieFromFloat,
  type FloatStream,
  GAME_ROOM_MESSAGES_PER_SECOND,
  guessHilo,
  PLINKO_ROWS,
  spinSlots,
  startBlackjack,
  startHilo,
} from "@casino/protocol";
import type { Room } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  arrangeNextRound,
  historyOf,
  joinAsPlayer,
  nextNonceOf,
  type TestPlayer,
} from "../../games/test-helpers.ts";
import { startTestCasino, type TestCasino } from "../../http/test-helpers.ts";
import { act, joinGameRoom, leaveAll, type RoomReply, waitForState } from "./test-room.ts";

const diceTotal = (s: FloatStream) => dieFromFloat(s.next()) + dieFromFloat(s.next());
/** Whether a deal leaves the player to act and standing at once ends with `result`. */
const standEnds = (result: string) => (s: FloatStream) => {
  const state = startBlackjack(1_000_000, s);
  if (state.phase !== "player") return false;
  const step = applyBlackjackAction(state, "stand", s);
  return !("error" in step) && step.state.hands[0]?.result === result;
};
/** Whether the first guess on the dealt card ends with `streak` 1 (right) or a loss. */
const firstGuess = (guess: "higher" | "lower", right: boolean) => (s: FloatStream) => {
  const step = guessHilo(startHilo(1_000_000, s), guess, s);
  return !("error" in step) && (right ? step.state.streak === 1 : step.state.status === "lost");
};
const plinkoSlot = (s: FloatStream) => {
  let slot = 0;
  for (let row = 0; row < PLINKO_ROWS; row++) slot += Math.floor(s.next() * 2);
  return slot;
};

describe("the game room plays every game through the same services as REST", () => {
  let casino: TestCasino;
  let player: TestPlayer;
  const rooms: Room[] = [];
  beforeAll(async () => {
    casino = await startTestCasino();
    player = await joinAsPlayer(casino);
  });
  afterAll(async () => {
    await leaveAll(rooms);
    await casino?.stop();
  });
  const join = async (gameType: string) => {
    const room = await joinGameRoom(casino, player, gameType);
    rooms.push(room);
    await waitForState(room, (s) => s.gameType === gameType && s.balances.HC !== "0");
    return room;
  };

  it("dice: a win and a loss, with live balances in the state and rounds in the history", async () => {
    const room = await join("dice");
    const startHC = Number(room.state.balances.HC);
    await arrangeNextRound(casino, player, (s) => diceTotal(s) === 7);
    const nonce = await nextNonceOf(player);
    const won = await act(room, "roll", { betAmount: 10, currency: "HC", betType: "seven" });
    expect(won).toMatchObject({
      kind: "result",
      body: { action: "roll", total: 7, winAmount: 58.32, round: { nonce } },
    });
    await arrangeNextRound(casino, player, (s) => diceTotal(s) < 7);
    const lost = await act(room, "bet", { game: "dice", betAmount: 10, currency: "HC", betType: "high" });
    expect(lost.body).toMatchObject({ action: "bet", isWin: false, winAmount: 0 });
    const expected = String(startHC + 48.32 - 10);
    await waitForState(room, (s) => s.balances.HC === expected && s.busy === false);
    expect(JSON.parse(room.state.lastResult).round.id).toBe(lost.body.round.id);
    expect((await historyOf(player)).slice(0, 2).map((r) => r.winAmount)).toEqual([0, 58.32]);
  });

  it("plinko: the server's path decides, a client slot index is dropped", async () => {
    const room = await join("plinko");
    await arrangeNextRound(casino, player, (s) => plinkoSlot(s) === 0);
    const edge = await act(room, "drop", { betAmount: 1, currency: "HC", risk: "medium", slotIndex: 6 });
    expect(edge.body).toMatchObject({ path: 0, multiplier: 25, winAmount: 25 });
    await arrangeNextRound(casino, player, (s) => plinkoSlot(s) === 6);
    const centre = await act(room, "drop", { betAmount: 10, currency: "HC", risk: "medium", slotIndex: 0 });
    expect(centre.body).toMatchObject({ path: 6, multiplier: 0.2, winAmount: 2 });
    await waitForState(room, (s) => s.ballsInFlight === 2);
  });

  it("slots: a winning and a losing spin, a bought bonus and its free spin; a forged free spin is refused", async () => {
    const room = await join("slots");
    await arrangeNextRound(casino, player, (s) => {
      const spin = spinSlots(1_000_000, s);
      return spin.isWin && !spin.bonusTriggered;
    });
    expect((await act(room, "spin", { betAmount: 1, currency: "HC" })).body.isWin).toBe(true);
    await arrangeNextRound(casino, player, (s) => {
      const spin = spinSlots(1_000_000, s);
      return !spin.isWin && !spin.bonusTriggered;
    });
    expect((await act(room, "spin", { betAmount: 1, currency: "HC" })).body).toMatchObject({
      isWin: false,
      winAmount: 0,
    });
    const forged = await act(room, "spin", { betAmount: 1, currency: "HC", isFreeSpins: true });
    expect(forged).toEqual({
      kind: "error",
      body: { ok: false, action: "spin", code: "slots/no_free_spins", message: "You have no free spins" },
    });
    const bought = await act(room, "buyBonus", { betAmount: 1, currency: "HC" });
    expect(bought.body).toMatchObject({ action: "buyBonus", freeSpinsLeft: 10, price: 100 });
    await waitForState(room, (s) => s.slots.freeSpinsLeft === 10 && s.slots.freeSpinMultiplier === 3);
    const free = await act(room, "spin", { betAmount: 1, currency: "HC", isFreeSpins: true });
    expect(free.body).toMatchObject({ isFreeSpin: true, freeSpinsLeft: 9 });
    await waitForState(room, (s) => s.slots.freeSpinsLeft === 9);
  });

  it("blackjack: a won and a lost hand, the hole card hidden in the state while playing", async () => {
    const room = await join("blackjack");
    await arrangeNextRound(casino, player, standEnds("win"));
    const dealt = await act(room, "deal", { betAmount: 5, currency: "HC" });
    expect(dealt.body.result).toBe("playing");
    await waitForState(room, (s) => s.blackjack.active && s.blackjack.hands.length === 1);
    expect(room.state.blackjack.dealerCards[1].rank).toBe("hidden");
    expect(room.state.blackjack.canStand).toBe(true);
    expect((await act(room, "stand")).body).toMatchObject({ result: "win", winAmount: 10 });
    await waitForState(room, (s) => !s.blackjack.active && s.blackjack.phase === "settled");
    expect(room.state.blackjack.dealerCards[1].rank).not.toBe("hidden");
    await arrangeNextRound(casino, player, standEnds("lose"));
    await act(room, "deal", { betAmount: 5, currency: "HC" });
    expect((await act(room, "stand")).body).toMatchObject({ result: "lose", winAmount: 0 });
    const none = await act(room, "hit");
    expect(none.body).toMatchObject({ code: "round/not_found" });
  });

  it("hi-lo: a correct guess with the multipliers in the state and a cash-out, then a lost guess", async () => {
    const room = await join("hilo");
    await arrangeNextRound(casino, player, firstGuess("lower", true));
    const started = await act(room, "start", { betAmount: 2, currency: "HC" });
    await waitForState(
      room,
      (s) => s.hilo.active && s.hilo.currentCard.rank === started.body.currentCard.value,
    );
    expect(room.state.hilo.lowerMultiplier).toBe(started.body.lower.multiplier);
    const guessed = await act(room, "guess", { guess: "lower" });
    expect(guessed.body).toMatchObject({ correct: true, streak: 1 });
    const cashed = await act(room, "cashOut");
    expect(cashed.body).toMatchObject({ status: "cashed_out", winAmount: guessed.body.potentialWin });
    await waitForState(room, (s) => !s.hilo.active && s.hilo.status === "cashed_out");
    await arrangeNextRound(casino, player, firstGuess("higher", false));
    await act(room, "start", { betAmount: 2, currency: "HC" });
    const lost = await act(room, "guess", { guess: "higher" });
    expect(lost.body).toMatchObject({ status: "lost", winAmount: 0 });
    await waitForState(room, (s) => s.hilo.status === "lost" && !s.hilo.active);
  });

  it("messages over the per-second budget are answered with room/rate_limited and the client stays", async () => {
    const flooder = await joinAsPlayer(casino);
    const room = await joinGameRoom(casino, flooder, "dice");
    rooms.push(room);
    const sent = GAME_ROOM_MESSAGES_PER_SECOND + 5;
    const replies: RoomReply[] = [];
    room.onMessage("result", (body) => replies.push({ kind: "result", body }));
    room.onMessage("error", (body) => replies.push({ kind: "error", body }));
    for (let i = 0; i < sent; i++) room.send("roll", { betAmount: 1, currency: "HC", betType: "high" });
    for (let i = 0; i < 250 && replies.length < sent; i++) await new Promise((r) => setTimeout(r, 20));
    const refused = replies.filter((r) => r.kind === "error");
    expect(replies).toHaveLength(sent);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(refused[0]?.body).toMatchObject({ action: "roll", code: "room/rate_limited" });
    expect(room.connection.isOpen).toBe(true);
  });
});
