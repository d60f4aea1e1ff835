import { describe, expect, it } from "vitest";
import { describeSeating } from "./seatingNews.ts";
import { makePlayer, makeTable } from "./testTables.ts";

describe("describeSeating", () => {
  it("tells players sitting down and leaving between two synced snapshots", () => {
    const before = makeTable({ players: [makePlayer(0)] });
    const after = makeTable({ players: [makePlayer(3, { displayName: "Ada" })] });
    expect(describeSeating(before, after, "u9")).toEqual(["Player 0 leaves the table", "Ada sits at seat 4"]);
  });

  it("says nothing about a room state that is not synced yet, nor after it (no phantom leaves)", () => {
    const seated = makeTable({ players: [makePlayer(0), makePlayer(1)] });
    const unsynced = makeTable({ id: "", players: [] });
    expect(describeSeating(seated, unsynced, "u0")).toEqual([]);
    expect(describeSeating(unsynced, seated, "u0")).toEqual([]);
    expect(describeSeating(null, seated, "u0")).toEqual([]);
  });

  it("tells the viewer their turn once", () => {
    const waiting = makeTable({ players: [makePlayer(0), makePlayer(1)] });
    const legal = { ...waiting.legalActions, seat: 0, canFold: true, canCall: true, callAmount: 2 };
    const turn = makeTable({ players: waiting.players, toActSeat: 0, legalActions: legal });
    expect(describeSeating(waiting, turn, "u0")).toEqual(["Your turn: call 2, fold"]);
    expect(describeSeating(turn, { ...turn }, "u0")).toEqual([]);
  });
});
