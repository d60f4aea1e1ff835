/**
 * The poker lobby room ("lobby"): the live table list (every table, hosted or idle, with its
 * players and phase), redrawn when any table changes. Open to visitors without a session, like
 * GET /api/poker/tables; it accepts no messages (any message drops the client).
 */
import { PokerLobbyState, PokerLobbyTable } from "@casino/protocol/schemas/poker-table-state";
import { type Client, CloseCode, Room } from "@colyseus/core";
import type { TableSummary } from "../../poker/table-view.ts";
import { listPokerTables, watchPokerTables } from "../../scale/table-listing.ts";
import type { CasinoServices } from "../../services.ts";

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
export function createPokerLobbyRoom(services: CasinoServices) {
  return class PokerLobbyRoom extends Room<{ state: PokerLobbyState }> {
    override maxMessagesPerSecond = 5;
    private unsubscribe: (() => void) | undefined;
    private pending: NodeJS.Timeout | undefined;

    override onCreate() {
      this.setState(new PokerLobbyState());
      this.redraw();
      this.unsubscribe = watchPokerTables(services, () => this.scheduleRedraw());
      this.onMessage("*", (client: Client) =>
        client.leave(CloseCode.WITH_ERROR, "the lobby takes no messages"),
      );
    }

    override onDispose() {
      this.unsubscribe?.();
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
      const summaries = listPokerTables(services);
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
