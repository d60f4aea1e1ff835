/**
 * The table room's reconnection token, kept in sessionStorage so a reload of this tab rejoins the
 * same room connection (the server holds the seat for a grace period). Other tabs and browsers
 * never see it.
 */

/** The sessionStorage key. */
export const RECONNECT_KEY = "casino.poker.reconnect";

/** The stored token of a table's room. */
export type SavedConnection = { tableId: string; token: string };

/** The storage the store uses (sessionStorage in the browser; any Storage in tests). */
type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function storage(): KeyValueStore | null {
  return typeof sessionStorage === "undefined" ? null : sessionStorage;
}

/** The saved token of this table, if the tab has one. */
export function readReconnect(tableId: string, store: KeyValueStore | null = storage()): string | null {
  try {
    const saved = JSON.parse(store?.getItem(RECONNECT_KEY) ?? "null") as Partial<SavedConnection> | null;
    return saved?.tableId === tableId && typeof saved.token === "string" ? saved.token : null;
  } catch {
    return null;
  }
}

/** The table this tab was last seated at, for the lobby's "Back to your table". */
export function readSavedTable(store: KeyValueStore | null = storage()): string | null {
  try {
    const saved = JSON.parse(store?.getItem(RECONNECT_KEY) ?? "null") as Partial<SavedConnection> | null;
    return typeof saved?.tableId === "string" ? saved.tableId : null;
  } catch {
    return null;
  }
}

/** Remembers the room connection of a table for a reload. */
export function saveReconnect(saved: SavedConnection, store: KeyValueStore | null = storage()): void {
  store?.setItem(RECONNECT_KEY, JSON.stringify(saved));
}

/** Forgets the saved connection (the player left, or the token no longer works). */
export function clearReconnect(store: KeyValueStore | null = storage()): void {
  store?.removeItem(RECONNECT_KEY);
}
