/**
 * What a table knows about a seat beyond the engine's chips and flags: who the player is (user or
 * bot), their client seed for the deck, connection, time bank, queued pre-action and how long they
 * have been sitting out. Plain data, changed only by the table steps of this folder.
 */
import type { PokerPreAction } from "../../schemas/poker.ts";

/** Table facts about one occupied seat. */
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
  /** The ante the player posted this hand (0: none), and whether it put them all-in. */
  ante: number;
  anteAllIn: boolean;
}

/** Who sits down: the facts a new seat starts from. */
export type SeatIdentity = Pick<
  SeatMeta,
  "playerId" | "userId" | "displayName" | "isBot" | "botName" | "clientSeed"
>;

/** A new seat's facts: connected if human, a full time bank, nothing queued. */
export function createSeatMeta(identity: SeatIdentity, timeBankMs: number): SeatMeta {
  return {
    ...identity,
    connected: !identity.isBot,
    timeBank: timeBankMs,
    preAction: null,
    sitOutHands: 0,
    sitOutSince: null,
    lastAction: "",
    ante: 0,
    anteAllIn: false,
  };
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

/** Bot names free at a table whose seats carry these facts, in BOT_NAMES order. */
export function freeBotNames(seated: readonly SeatMeta[]): string[] {
  const used = new Set(seated.flatMap((m) => [m.botName, m.displayName.toLowerCase()]));
  return BOT_NAMES.filter((n) => !used.has(n) && !used.has(n.toLowerCase()));
}
