/**
 * The poker lobby room ("lobby"): the live table list (every table, hosted or idle, with its
 * players and phase), redrawn when any table changes. Open to visitors without a session, like
 * GET /api/poker/tables; it accepts no messages (any message drops the client). The server opens
 * one at start and keeps it (visitors join it; they cannot open lobbies of their own).
 */
import { POKER_LOBBY_ROOM } from "@casino/protocol/schemas/poker";
import { PokerLobbyState, PokerLobbyTable } from "@casino/protocol/schemas/poker-table-state";
import { type AuthContext, type Client, CloseCode, matchMaker, Room } from "@colyseus/core";
import type { AppServices } from "../../app-services.ts";
import type { TableSummary } from "../../poker/table-view.ts";
import { ADMISSION_OPTION } from "../room-admission.ts";
import { createOptionalRoomAuthenticator } from "../room-auth.ts";
import { guardRoomSessions, type RoomSessionGuard } from "../session-guard.ts";

/** Redraws at most this often while tables change. */
export const LOBBY_REDRAW_MS = 200;

const LOBBY_FIELDS = [
  "id",
  "name",
  "currency",
  "isHouse",
  "smallBlind",
  "bigBlind",
  "buyInMin",
  "buyInMax",
  "maxPlayers",
  "playerCount",
  "humanCount",
  "botCount",
  "gamePhase",
  "status",
  "handNumber",
] as const satisfies readonly (keyof TableSummary & keyof PokerLobbyTable)[];

/** Creates the lobby room class bound to the casino's services. */
export function createPokerLobbyRoom(services: AppServices) {
  const authenticate = createOptionalRoomAuthenticator(services);
  return class PokerLobbyRoom extends Room<{ state: PokerLobbyState }> {
    override maxMessagesPerSecond = 5;
    private unsubscribe: (() => void) | undefined;
    private pending: NodeJS.Timeout | undefined;
    private sessions: RoomSessionGuard | undefined;

    /** Visitors may watch; the session, when there is one, tells the matchmaker who opens a room. */
    static override async onAuth(token: string, _options: unknown, context: AuthContext) {
      return authenticate(token, context);
    }

    override onCreate(options?: Record<string, unknown>) {
      // The lobby the server opens itself stays while the server runs, empty or not.
      if (!options?.[ADMISSION_OPTION]) this.autoDispose = false;
      // A signed-in watcher whose session ends is closed with 4401 (a visitor may join again).
      this.sessions = guardRoomSessions(this, services);
      this.setState(new PokerLobbyState());
      this.redraw();
      this.unsubscribe = services.pokerTables.watch(() => this.scheduleRedraw());
      this.onMessage("*", (client: Client) =>
        client.leave(CloseCode.WITH_ERROR, "the lobby takes no messages"),
      );
    }

    override onDispose() {
      this.unsubscribe?.();
      this.sessions?.dispose();
      clearTimeout(this.pending);
    }

    private scheduleRedraw() {
      this.pending ??= setTimeout(() => {
        this.pending = undefined;
        this.redraw();
      }, LOBBY_REDRAW_MS);
    }

    private redraw() {
      const tables = this.state.tables;
      const summaries = services.pokerTables.list();
      const ids = new Set(summaries.map((s) => s.id));
      for (const summary of summaries) {
        let entry = tables.get(summary.id);
        if (!entry) {
          entry = new PokerLobbyTable();
          tables.set(summary.id, entry);
        }
        for (const field of LOBBY_FIELDS) {
          if (entry[field] !== summary[field])
            (entry as unknown as Record<string, unknown>)[field] = summary[field];
        }
      }
      for (const id of [...tables.keys()]) if (!ids.has(id)) tables.delete(id);
      this.broadcastPatch();
    }
  };
}

/** Opens the lobby every visitor joins (call once the server listens). */
export async function openPokerLobby(): Promise<void> {
  await matchMaker.createRoom(POKER_LOBBY_ROOM, {});
}
