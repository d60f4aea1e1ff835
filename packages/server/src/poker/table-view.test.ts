import type { TableEvent } from "@casino/protocol";
import { createSeatMeta } from "@casino/protocol/poker/table/seat-meta";
import { describe, expect, it } from "vitest";
import { type TableContext, TableCore } from "./table-core.ts";
import { viewTable } from "./table-view.ts";
import type { PokerTableInfo } from "./tables-store.ts";

const INFO: PokerTableInfo = {
  id: "sng-test",
  name: "Sit & Go test",
  kind: "tournament",
  currency: "HC",
  smallBlind: 10,
  bigBlind: 20,
  buyInMin: 0,
  buyInMax: 0,
  maxPlayers: 6,
  hasBots: true,
  unitsPerChip: 1,
  seeded: false,
  sortOrder: 0,
  handCount: 0,
};

/** A table with two seated players and no database: only the view is asked of it. */
function makeTable(): TableCore {
  const ctx = { settings: { actionTimeoutMs: 1000 }, now: () => 0 } as unknown as TableContext;
  const table = new TableCore(INFO, ctx);
  for (const [seat, name, stack] of [
    [0, "Vega", 990],
    [1, "Lyra", 0],
  ] as const) {
    const playerId = `bot-${name}`;
    table.state.seats[seat] = {
      playerId,
      name,
      stack,
      sittingOut: false,
      waitingForBigBlind: false,
      postingBigBlind: false,
      leaving: false,
    };
    const identity = {
      playerId,
      userId: null,
      displayName: name,
      isBot: true,
      botName: name,
      clientSeed: "",
    };
    table.meta[seat] = createSeatMeta(identity, 0);
  }
  return table;
}

const handStarted = (handNumber: number, ante?: number): TableEvent => ({
  type: "hand_started",
  handNumber,
  buttonSeat: 0,
  smallBlindSeat: 0,
  bigBlindSeat: 1,
  deckHash: null,
  players: [],
  smallBlind: 10,
  bigBlind: 20,
  ...(ante ? { ante } : {}),
});

describe("viewTable antes", () => {
  it("shows each seat's ante of the hand, and clears them at the next deal", () => {
    const table = makeTable();
    table.recordEvents([
      handStarted(1, 10),
      { type: "ante_posted", seat: 0, amount: 10, allIn: false },
      { type: "ante_posted", seat: 1, amount: 7, allIn: true },
    ]);
    const antes = () => viewTable(table).players.map((p) => [p.displayName, p.ante, p.anteAllIn]);
    expect(antes()).toEqual([
      ["Vega", 10, false],
      ["Lyra", 7, true],
    ]);
    table.recordEvents([{ type: "street_dealt", street: "flop", cards: [], board: [] }]);
    expect(antes()).toEqual([
      ["Vega", 10, false],
      ["Lyra", 7, true],
    ]);
    table.recordEvents([handStarted(2)]);
    expect(antes()).toEqual([
      ["Vega", 0, false],
      ["Lyra", 0, false],
    ]);
  });
});

describe("viewTable hand actions", () => {
  const acted = (
    seat: number,
    action: "check" | "call" | "bet",
    amount: number,
    allIn = false,
  ): TableEvent => ({
    type: "action_taken",
    seat,
    action,
    amount,
    to: amount,
    allIn,
    timedOut: false,
  });

  it("shows the latest betting action with its street and a new seq, after the street clears the badges", () => {
    const table = makeTable();
    const latest = () => {
      const a = viewTable(table).lastHandAction;
      return [a.seq, a.seat, a.action, a.amount, a.allIn, a.street];
    };
    expect(latest()).toEqual([0, -1, "", 0, false, ""]);
    table.recordEvents([handStarted(1), acted(0, "call", 10), acted(1, "check", 0)]);
    expect(latest()).toEqual([2, 1, "check", 0, false, "preflop"]);
    // The check closed the round: the flop is dealt in the same change, and clears every badge.
    table.recordEvents([{ type: "street_dealt", street: "flop", cards: [], board: [] }]);
    expect(viewTable(table).players.map((p) => p.lastAction)).toEqual(["", ""]);
    expect(latest()).toEqual([2, 1, "check", 0, false, "preflop"]);
    table.recordEvents([acted(1, "bet", 40), acted(0, "call", 40, true)]);
    expect(viewTable(table).players.map((p) => p.lastAction)).toEqual(["all-in", "bet"]);
    expect(latest()).toEqual([4, 0, "call", 40, true, "flop"]);
    // The seq goes on counting over hands, so the next hand's first action is never taken for an old one.
    table.recordEvents([handStarted(2), acted(1, "call", 10)]);
    expect(latest()).toEqual([5, 1, "call", 10, false, "preflop"]);
  });
});
