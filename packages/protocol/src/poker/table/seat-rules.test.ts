import { describe, expect, it } from "vitest";
import { applyTableAction, createTable } from "../engine/reducer.ts";
import type { TableAction, TableState } from "../engine/types.ts";
import { createSeatMeta, type SeatMeta } from "./seat-meta.ts";
import {
  countBotsWanted,
  findIdleSeats,
  markSittingOut,
  refuseStaleAction,
  removeChips,
} from "./seat-rules.ts";

function act(state: TableState, action: TableAction): TableState {
  const result = applyTableAction(state, action);
  if ("error" in result) throw new Error(result.error.code);
  return result.state;
}

/** Freezes a state and everything in it: changing it in place throws. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function twoSeated(): TableState {
  let state = createTable({ maxPlayers: 6, smallBlind: 5, bigBlind: 10 });
  state = act(state, { type: "sit", seat: 0, playerId: "a", name: "A", stack: 500 });
  return act(state, { type: "sit", seat: 3, playerId: "b", name: "B", stack: 400 });
}

function human(playerId: string, facts: Partial<SeatMeta> = {}): SeatMeta {
  const identity = { playerId, userId: playerId, displayName: playerId, isBot: false, botName: "" };
  return { ...createSeatMeta({ ...identity, clientSeed: "" }, 60_000), ...facts };
}

describe("removeChips", () => {
  it("takes chips off one stack in a new state and leaves the old one as it was", () => {
    const before = deepFreeze(twoSeated());
    const result = removeChips(before, 0, 120);
    if ("error" in result) throw new Error(result.error.code);
    expect(result.state.seats[0]!.stack).toBe(380);
    expect(result.state.version).toBe(before.version + 1);
    expect(result.events).toEqual([{ type: "chips_added", seat: 0, amount: -120, stack: 380 }]);
    expect(before.seats[0]!.stack).toBe(500);
    // The untouched seat is shared, the changed one is a copy.
    expect(result.state.seats[3]).toBe(before.seats[3]);
    expect(result.state.seats[0]).not.toBe(before.seats[0]);
  });

  it("refuses the whole stack, bad amounts, empty seats and players in a hand", () => {
    const seated = deepFreeze(twoSeated());
    const code = (state: TableState, seat: number, amount: number) => {
      const result = removeChips(state, seat, amount);
      return "error" in result ? result.error.code : "ok";
    };
    expect(code(seated, 0, 500)).toBe("poker/above_stack");
    expect(code(seated, 0, 0)).toBe("poker/invalid_amount");
    expect(code(seated, 0, 1.5)).toBe("poker/invalid_amount");
    expect(code(seated, 1, 10)).toBe("poker/seat_empty");
    const deck = Array.from({ length: 52 }, (_, i) => i);
    const playing = deepFreeze(act(seated, { type: "start_hand", deck }));
    expect(code(playing, 0, 10)).toBe("poker/hand_in_progress");
  });
});

describe("findIdleSeats: humans sitting out too many hands or too long are removed", () => {
  const limits = { sitOutHandLimit: 3, sitOutMaxMs: 10_000 };
  const sittingOut = (state: TableState, seat: number) =>
    act(state, { type: "sit_out", seat, sittingOut: true });

  it("finds a player past the hand limit or the time limit, and nobody else", () => {
    const state = sittingOut(sittingOut(twoSeated(), 0), 3);
    const meta: (SeatMeta | null)[] = [
      human("a", { sitOutHands: 4 }),
      null,
      null,
      human("b", { sitOutSince: 0 }),
    ];
    expect(findIdleSeats(state, meta, 9_999, limits)).toEqual([0]);
    expect(findIdleSeats(state, meta, 10_000, limits)).toEqual([0, 3]);
  });

  it("keeps players who play, bots, and players within both limits", () => {
    const state = sittingOut(twoSeated(), 3);
    const bot = { ...human("b", { sitOutHands: 9, sitOutSince: 0 }), isBot: true };
    expect(findIdleSeats(state, [human("a", { sitOutHands: 9 }), null, null, bot], 50_000, limits)).toEqual(
      [],
    );
    const patient = [null, null, null, human("b", { sitOutHands: 3, sitOutSince: 45_000 })];
    expect(findIdleSeats(state, patient, 50_000, limits)).toEqual([]);
  });
});

describe("markSittingOut", () => {
  it("starts the clock once and restarts the hand count on coming back", () => {
    const out = markSittingOut(human("a", { sitOutHands: 2 }), true, 1_000);
    expect(out).toMatchObject({ sitOutSince: 1_000, sitOutHands: 2 });
    expect(markSittingOut(out, true, 5_000).sitOutSince).toBe(1_000);
    expect(markSittingOut(out, false, 5_000)).toMatchObject({ sitOutSince: null, sitOutHands: 0 });
  });
});

describe("countBotsWanted: bots fill a House table up to the target, always leaving a seat free", () => {
  it("wants none without humans and at least one with them", () => {
    expect(countBotsWanted(0, 6, 4)).toBe(0);
    expect(countBotsWanted(1, 6, 4)).toBe(3);
    expect(countBotsWanted(4, 6, 4)).toBe(1);
    expect(countBotsWanted(5, 6, 4)).toBe(0);
    expect(countBotsWanted(2, 3, 4)).toBe(0);
  });
});

describe("refuseStaleAction: an action taken on an older table is refused", () => {
  it("refuses an older version, accepts the current one", () => {
    const state = twoSeated();
    expect(refuseStaleAction(state, state.version - 1)?.error.code).toBe("poker/stale_action");
    expect(refuseStaleAction(state, state.version)).toBeNull();
    expect(refuseStaleAction(state, state.version + 1)?.error.code).toBe("poker/stale_action");
  });
});
