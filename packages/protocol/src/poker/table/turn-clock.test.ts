import { describe, expect, it } from "vitest";
import { legalActions } from "../engine/betting.ts";
import { act, makeTable, startPlain } from "../engine/test-helpers.ts";
import { createSeatMeta, type SeatMeta } from "./seat-meta.ts";
import { applyTimeout, chargeTimeBank, expireTurn, refillTimeBank, startTurn } from "./turn-clock.ts";
import { choosePreActionMove, drawBotDelay } from "./turn-moves.ts";

function seatMeta(isBot: boolean, timeBank: number): SeatMeta {
  const identity = { playerId: "p", userId: isBot ? null : "p", displayName: "P", isBot, botName: "" };
  return { ...createSeatMeta({ ...identity, clientSeed: "" }, 0), timeBank };
}

describe("the turn clock: action time, then the time bank, then a timeout", () => {
  it("starts a turn with the action time and moves a human onto the time bank when it runs out", () => {
    const turn = startTurn("1:0", 2, 1_000, 30_000);
    expect(turn).toEqual({ key: "1:0", seat: 2, deadline: 31_000, usingTimeBank: false, bankStartedAt: 0 });
    const expiry = expireTurn(turn, seatMeta(false, 20_000), 31_000);
    expect(expiry).toEqual({
      kind: "time_bank",
      turn: { ...turn, usingTimeBank: true, bankStartedAt: 31_000, deadline: 51_000 },
    });
  });

  it("times out a bot, a player with no bank left, and a player whose bank ran out", () => {
    const turn = startTurn("1:0", 2, 0, 30_000);
    expect(expireTurn(turn, seatMeta(true, 20_000), 30_000).kind).toBe("time_out");
    expect(expireTurn(turn, seatMeta(false, 0), 30_000).kind).toBe("time_out");
    expect(expireTurn({ ...turn, usingTimeBank: true }, seatMeta(false, 5), 30_000).kind).toBe("time_out");
  });

  it("charges only the time spent on the bank, by the seat whose turn it is, never below zero", () => {
    const onBank = { ...startTurn("1:0", 2, 0, 30_000), usingTimeBank: true, bankStartedAt: 30_000 };
    expect(chargeTimeBank(20_000, onBank, 2, 34_000)).toBe(16_000);
    expect(chargeTimeBank(20_000, onBank, 2, 90_000)).toBe(0);
    expect(chargeTimeBank(20_000, onBank, 3, 34_000)).toBe(20_000);
    expect(chargeTimeBank(20_000, startTurn("1:0", 2, 0, 30_000), 2, 10_000)).toBe(20_000);
    expect(refillTimeBank(55_000, 10_000, 60_000)).toBe(60_000);
    expect(refillTimeBank(20_000, 10_000, 60_000)).toBe(30_000);
  });
});

describe("applyTimeout: a timed-out seat checks, or folds and sits out", () => {
  it("folds a player facing a bet and sits them out", () => {
    const state = startPlain(makeTable({ 0: 500, 1: 500, 2: 500 }));
    const seat = state.hand!.toAct!;
    const result = applyTimeout(state, seat, 0);
    if ("error" in result) throw new Error(result.error.code);
    expect(result.satOut).toBe(true);
    expect(result.state.seats[seat]!.sittingOut).toBe(true);
    expect(result.events.some((e) => e.type === "sitting_out_changed" && e.seat === seat)).toBe(true);
  });

  it("checks a player who may check and leaves them in", () => {
    let state = startPlain(makeTable({ 0: 500, 1: 500 }));
    state = act(state, { type: "call", seat: state.hand!.toAct! }).state;
    const seat = state.hand!.toAct!;
    const result = applyTimeout(state, seat, 0);
    if ("error" in result) throw new Error(result.error.code);
    expect(result.satOut).toBe(false);
    expect(result.state.seats[seat]!.sittingOut).toBe(false);
  });
});

describe("turn moves", () => {
  it("plays check/fold as a check when free, else a fold; call any as a call, else a check", () => {
    let state = startPlain(makeTable({ 0: 500, 1: 500 }));
    const facing = legalActions(state, state.hand!.toAct!);
    expect(choosePreActionMove("check_fold", facing)).toEqual({ type: "fold" });
    expect(choosePreActionMove("call_any", facing)).toEqual({ type: "call" });
    state = act(state, { type: "call", seat: state.hand!.toAct! }).state;
    const free = legalActions(state, state.hand!.toAct!);
    expect(choosePreActionMove("check_fold", free)).toEqual({ type: "check" });
    expect(choosePreActionMove("call_any", free)).toEqual({ type: "check" });
  });

  it("draws a bot's delay inside its range", () => {
    expect(drawBotDelay([500, 1500], () => 0)).toBe(500);
    expect(drawBotDelay([500, 1500], () => 0.999)).toBe(1499);
    expect(drawBotDelay([800, 800], () => 0.5)).toBe(800);
  });
});
