/**
 * The game room's synced state as plain JSON (the protocol's GameRoomState after toJSON): what a
 * screen renders and resumes from. Amounts are exact decimal strings in coins.
 */
import type {
  GameRoomState,
  RoomBlackjack,
  RoomHilo,
  RoomSlots,
} from "@casino/protocol/schemas/game-room-state";
import type { ToJSON } from "@colyseus/schema";

/** The open or last blackjack hand. */
export type SnapshotBlackjack = ToJSON<RoomBlackjack>;

/** The open or last hi-lo round. */
export type SnapshotHilo = ToJSON<RoomHilo>;

/** The slots bonus the server holds. */
export type SnapshotSlots = ToJSON<RoomSlots>;

/** The whole room state. */
export type RoomSnapshot = ToJSON<GameRoomState>;
