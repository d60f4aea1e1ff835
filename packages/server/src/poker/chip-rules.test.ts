import { applyTableAction, createTable, type TableAction, type TableState } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { removeChips } from "./chip-rules.ts";

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
