/** Snapshot builders for the table tests: a waiting table and seated players with overrides. */
import { playerSnapshotSchema } from "@casino/protocol/schemas/poker-snapshot";
import { type TableSummary, type ViewerTableView, viewIdleTable } from "@casino/protocol/schemas/poker-view";
import { type PlayerSnap, readRoomState, type TableSnapshot } from "./tableSnapshot.ts";

/** A seated player with sensible defaults. */
export function makePlayer(seat: number, overrides: Partial<PlayerSnap> = {}): PlayerSnap {
  const player = { userId: `u${seat}`, seatPosition: seat, displayName: `Player ${seat}`, chipCount: 100 };
  return { ...playerSnapshotSchema.parse({ ...player, timeBank: 30_000 }), ...overrides };
}

/** The table of these tests: 6-max AMINA, blinds 1/2, buy-in 0.04-0.2 AMINA. */
const SUMMARY: TableSummary = {
  id: "nebula-amina-micro",
  name: "Nebula AMINA Micro",
  kind: "cash",
  currency: "AMINA",
  isHouse: false,
  smallBlind: 1,
  bigBlind: 2,
  buyInMin: 0.04,
  buyInMax: 0.2,
  buyInMinChips: 40,
  buyInMaxChips: 200,
  chipsPerCoin: 1000,
  maxPlayers: 6,
  playerCount: 0,
  humanCount: 0,
  botCount: 0,
  gamePhase: "waiting",
  status: "waiting",
  handNumber: 0,
};

/** The table as GET /api/poker/tables/{id} answers it, waiting, with overrides. */
export function makeTableView(overrides: Partial<ViewerTableView> = {}): ViewerTableView {
  return { ...viewIdleTable(SUMMARY), ...overrides };
}

/** The same table as a snapshot, waiting, with the given players. */
export function makeTable(overrides: Partial<TableSnapshot> = {}): TableSnapshot {
  return { ...readRoomState(SUMMARY), ...overrides };
}
