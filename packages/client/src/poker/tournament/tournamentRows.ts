/**
 * How the Sit & Go screens word a tournament: buy-in, seats, status, the blind level and its clock,
 * the players left, the row's action and the player's finish. Pure, so the screens stay thin.
 */
import { formatLevel } from "@casino/protocol/poker/tournament/blinds";
import type { Tournament } from "./tournamentApi.ts";

/** The prefix of a tournament table's id (`sng-<tournament id>`). */
export const TOURNAMENT_TABLE_PREFIX = "sng-";

/** The tournament a table belongs to, or null for a cash table. */
export function readTournamentId(tableId: string): string | null {
  if (!tableId.startsWith(TOURNAMENT_TABLE_PREFIX)) return null;
  const id = tableId.slice(TOURNAMENT_TABLE_PREFIX.length);
  return id.length > 0 ? id : null;
}

/** "10 + 1 HC": the buy-in into the prize pool plus the house fee. */
export function describeBuyIn(t: Pick<Tournament, "buyIn" | "fee" | "currency">): string {
  return `${t.buyIn} + ${t.fee} ${t.currency}`;
}

/** "3/6": players registered of the seats. */
export function describeEntrants(t: Pick<Tournament, "registeredCount" | "maxPlayers">): string {
  return `${t.registeredCount}/${t.maxPlayers}`;
}

const STATUS_WORDS: Record<Tournament["status"], string> = {
  registering: "Registering",
  running: "Running",
  finished: "Finished",
  cancelled: "Cancelled",
};

/** The status as shown. */
export function describeStatus(t: Pick<Tournament, "status">): string {
  return STATUS_WORDS[t.status];
}

/** "50/100 ante 10", or "10/20" before antes start. */
export function describeBlinds(t: Pick<Tournament, "smallBlind" | "bigBlind" | "ante">): string {
  const blinds = `${t.smallBlind}/${t.bigBlind}`;
  return t.ante > 0 ? `${blinds} ante ${t.ante}` : blinds;
}

/** "Level IV" as PokerStars prints it. */
export function describeLevel(t: Pick<Tournament, "level">): string {
  return `Level ${formatLevel(t.level)}`;
}

/** What the live region says when the level rises: "Level V: blinds 75/150, ante 15". */
export function announceLevel(t: Pick<Tournament, "level" | "smallBlind" | "bigBlind" | "ante">): string {
  const ante = t.ante > 0 ? `, ante ${t.ante}` : "";
  return `${describeLevel(t)}: blinds ${t.smallBlind}/${t.bigBlind}${ante}`;
}

/** "60 HC". */
export function describePrizePool(t: Pick<Tournament, "prizePool" | "currency">): string {
  return `${t.prizePool} ${t.currency}`;
}

/** "39 / 21 HC": the prizes of the paid places, first place first (as if full while registering). */
export function describePayouts(t: Pick<Tournament, "payouts" | "currency">): string {
  return `${t.payouts.join(" / ")} ${t.currency}`;
}

/** Milliseconds as "m:ss" (never negative). */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Time to the next level at `now`, or null at the last level or when not running. */
export function findTimeToNextLevel(
  t: Pick<Tournament, "status" | "nextLevelAt">,
  now: number,
): number | null {
  if (t.status !== "running" || t.nextLevelAt === null) return null;
  return Math.max(0, t.nextLevelAt - now);
}

/** Players still in (no place yet). */
export function countPlayersLeft(t: Pick<Tournament, "players">): number {
  return t.players.filter((p) => p.place === null).length;
}

/** The viewer's entry, if registered. */
export function findMyEntry(t: Pick<Tournament, "players">, userId: string | null) {
  if (userId === null) return undefined;
  return t.players.find((p) => p.userId === userId);
}

/** What a lobby row offers the viewer. */
export type RowAction = "register" | "unregister" | "take-seat" | "none";

/** Register while open, unregister once registered, take the seat while still in a running one. */
export function chooseRowAction(t: Pick<Tournament, "status" | "players">, userId: string | null): RowAction {
  const mine = findMyEntry(t, userId);
  if (t.status === "registering") return mine ? "unregister" : "register";
  if (t.status === "running" && mine && mine.place === null) return "take-seat";
  return "none";
}

/** The tables of tournaments the viewer is in that started between two reads of the list. */
export function findStartedTables(
  before: readonly Pick<Tournament, "id" | "status">[],
  after: readonly Pick<Tournament, "id" | "status" | "players" | "tableId">[],
  userId: string | null,
): string[] {
  const wasOpen = new Set(before.filter((t) => t.status === "registering").map((t) => t.id));
  return after
    .filter((t) => wasOpen.has(t.id) && chooseRowAction(t, userId) === "take-seat" && t.tableId !== null)
    .map((t) => t.tableId as string);
}

/** 1 -> "1st", 2 -> "2nd", 3 -> "3rd", 11 -> "11th", 22 -> "22nd". */
export function describePlace(place: number): string {
  const tens = place % 100;
  const last = place % 10;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][last] ?? "th");
  return `${place}${suffix}`;
}

/** The viewer's finish once their place is known: place, field size and prize text. */
export type Finish = {
  place: number;
  entrants: number;
  prize: string | null;
  title: string;
  prizeText: string;
};

/** The finish of `userId` in `t`, or null while still playing (or not registered). */
export function readFinish(t: Tournament, userId: string | null): Finish | null {
  const mine = findMyEntry(t, userId);
  if (!mine || mine.place === null) return null;
  const won = mine.prize !== null && Number(mine.prize) > 0;
  const title = mine.place === 1 ? "You won the tournament!" : `You finished ${describePlace(mine.place)}`;
  return {
    place: mine.place,
    entrants: t.players.length,
    prize: won ? mine.prize : null,
    title,
    prizeText: won ? `${mine.prize} ${t.currency}` : "No prize this time",
  };
}
