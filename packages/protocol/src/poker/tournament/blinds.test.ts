import { describe, expect, it } from "vitest";
import { chooseHandPositions } from "../engine/positions.ts";
import { applyTableAction, createTable } from "../engine/reducer.ts";
import { BLIND_SCHEDULE, findBlindLevel, findNextLevelAt, formatLevel } from "./blinds.ts";

describe("blind schedule", () => {
  it("raises the level by time and repeats the last one", () => {
    expect(findBlindLevel(0, 1000)).toMatchObject({ level: 1, smallBlind: 10, bigBlind: 20, ante: 0 });
    expect(findBlindLevel(999, 1000).level).toBe(1);
    expect(findBlindLevel(3000, 1000)).toMatchObject({ level: 4, smallBlind: 50, bigBlind: 100, ante: 10 });
    expect(findBlindLevel(1e9, 1000)).toBe(BLIND_SCHEDULE[BLIND_SCHEDULE.length - 1]);
    expect(findNextLevelAt(1500, 1000)).toBe(2000);
    expect(findNextLevelAt(1e9, 1000)).toBeNull();
  });

  it("puts antes only at later levels and keeps blinds growing", () => {
    expect(BLIND_SCHEDULE.slice(0, 3).every((l) => l.ante === 0)).toBe(true);
    expect(BLIND_SCHEDULE.slice(3).every((l) => l.ante > 0 && l.ante < l.smallBlind)).toBe(true);
    for (let i = 1; i < BLIND_SCHEDULE.length; i++)
      expect(BLIND_SCHEDULE[i]!.bigBlind).toBeGreaterThan(BLIND_SCHEDULE[i - 1]!.bigBlind);
  });

  it("prints levels in roman numerals as PokerStars does", () => {
    expect([1, 4, 9, 14, 15].map(formatLevel)).toEqual(["I", "IV", "IX", "XIV", "XV"]);
  });

  it("heads-up at the end: the button posts the small blind", () => {
    let state = createTable({ maxPlayers: 6, smallBlind: 10, bigBlind: 20 });
    for (const seat of [1, 4]) {
      const sat = applyTableAction(state, {
        type: "sit",
        seat,
        playerId: `p${seat}`,
        name: `P${seat}`,
        stack: 1500,
      });
      if ("error" in sat) throw new Error(sat.error.code);
      state = sat.state;
    }
    const positions = chooseHandPositions({ ...state, lastBigBlindSeat: 1, lastSmallBlindSeat: 0 })!;
    expect(positions.smallBlindSeat).toBe(positions.buttonSeat);
    expect(positions.bigBlindSeat).not.toBe(positions.buttonSeat);
  });
});
