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
