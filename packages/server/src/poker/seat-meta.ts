/**
 * What the server knows about a seat beyond the engine's chips and flags: who the player is (user
 * or bot), their client seed for the deck, connection, time bank, queued pre-action and how long
 * they have been sitting out.
 */
import type { PokerPreAction } from "@casino/protocol/schemas/poker";

/** Server-side facts about one occupied seat. */
export interface SeatMeta {
  playerId: string;
  /** Null for bots. */
  userId: string | null;
  displayName: string;
  isBot: boolean;
  botName: string;
  clientSeed: string;
  connected: boolean;
  /** Time bank left (ms). */
  timeBank: number;
  preAction: Exclude<PokerPreAction, "none"> | null;
  /** Hands dealt while this player sat out. */
  sitOutHands: number;
  /** When the player started sitting out (ms), or null. */
  sitOutSince: number | null;
  /** The player's last action this betting round, for the table view. */
  lastAction: string;
}

/** Space names the bots play under. */
export const BOT_NAMES = [
  "Nova",
  "Orion",
  "Vega",
  "Lyra",
  "Rigel",
  "Sirius",
  "Altair",
  "Deneb",
  "Capella",
  "Mira",
] as const;

/** A display name not yet used at the table: the wanted one, or it with " 2", " 3"... */
export function uniqueDisplayName(wanted: string, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.toLowerCase()));
  if (!used.has(wanted.toLowerCase())) return wanted;
  for (let n = 2; ; n++) {
    const candidate = `${wanted.slice(0, 20)} ${n}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
