import { describe, expect, it } from "vitest";
import { NO_LEGAL_ACTIONS, snapshotOfView, tableSnapshotSchema } from "./poker-snapshot.ts";
import { PokerCard, PokerPlayer, PokerTableState } from "./poker-table-state.ts";
import { type TableSummary, viewerTableViewSchema, viewIdleTable } from "./poker-view.ts";

const SUMMARY: TableSummary = {
  id: "orion-9-max",
  name: "Orion 9-Max",
  kind: "cash",
  currency: "HC",
  isHouse: false,
  smallBlind: 1,
  bigBlind: 2,
  buyInMin: 40,
  buyInMax: 200,
  buyInMinChips: 40,
  buyInMaxChips: 200,
  chipsPerCoin: 1,
  maxPlayers: 9,
  playerCount: 0,
  humanCount: 0,
  botCount: 0,
  gamePhase: "waiting",
  status: "waiting",
  handNumber: 3,
};

describe("tableSnapshotSchema", () => {
  it("reads a fresh room state, whose unassigned fields are absent, as an idle table", () => {
    const snapshot = tableSnapshotSchema.parse(new PokerTableState().toJSON());
    expect(snapshot).toMatchObject({ gamePhase: "waiting", players: [], dealerSeat: -1, toActSeat: -1 });
    expect(snapshot.legalActions).toEqual(NO_LEGAL_ACTIONS);
  });

  it("lists the room's players by seat with their cards, a hidden hand empty", () => {
    const state = new PokerTableState();
    const far = new PokerPlayer();
    far.seatPosition = 5;
    far.userId = "far";
    const near = new PokerPlayer();
    near.seatPosition = 1;
    near.userId = "near";
    const ace = new PokerCard();
    ace.rank = "A";
    ace.suit = "spades";
    near.holeCards.push(ace);
    state.players.set("5", far);
    state.players.set("1", near);
    const snapshot = tableSnapshotSchema.parse(state.toJSON());
    expect(snapshot.players.map((p) => [p.userId, p.holeCards])).toEqual([
      ["near", [{ rank: "A", suit: "spades" }]],
      ["far", []],
    ]);
    expect(snapshot.players[1]).toMatchObject({ isConnected: true, preAction: "", chipCount: 0 });
  });
});

describe("snapshotOfView", () => {
  it("draws an idle REST view like the same table's room state", () => {
    const view = viewerTableViewSchema.parse(viewIdleTable(SUMMARY));
    expect(snapshotOfView(view)).toEqual(tableSnapshotSchema.parse(SUMMARY));
  });

  it("flattens the last hand's commitment", () => {
    const lastHand = { handId: 9, handNumber: 2, deckHash: "ab", deckRoot: "cd", clientSeeds: ["s1", "s2"] };
    expect(snapshotOfView({ ...viewIdleTable(SUMMARY), lastHand })).toMatchObject({
      lastHandId: "9",
      lastHandNumber: 2,
      lastRevealedCommitment: "ab",
      lastDeckRoot: "cd",
      lastClientSeeds: ["s1", "s2"],
    });
  });
});
