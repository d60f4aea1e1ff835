/**
 * Registration rules: a player registers or unregisters only while the tournament is registering,
 * once each, up to the table's size; the tournament starts as soon as it is full. Pure.
 */
import { type TournamentFailure, tournamentFailure } from "./failures.ts";

/** Where a tournament is in its life. */
export type TournamentStatus = "registering" | "running" | "finished" | "cancelled";

/** What the rules look at. */
export interface RegistrationView {
  status: TournamentStatus;
  maxPlayers: number;
  registered: readonly string[];
}

/** Why a player may not register now, or null. */
export function refuseRegistration(t: RegistrationView, playerId: string): TournamentFailure | null {
  if (t.status !== "registering") return tournamentFailure("tournament/not_registering");
  if (t.registered.includes(playerId)) return tournamentFailure("tournament/already_registered");
  if (t.registered.length >= t.maxPlayers) return tournamentFailure("tournament/full");
  return null;
}

/** Why a player may not unregister now, or null (after the start nobody can: no refunds mid-game). */
export function refuseUnregistration(t: RegistrationView, playerId: string): TournamentFailure | null {
  if (t.status !== "registering") return tournamentFailure("tournament/not_registering");
  if (!t.registered.includes(playerId)) return tournamentFailure("tournament/not_registered");
  return null;
}

/** Whether the table is full, so the tournament starts. */
export function isReadyToStart(t: RegistrationView): boolean {
  return t.status === "registering" && t.registered.length >= t.maxPlayers;
}

/** Whether a House tournament's wait for players is over (never for one without bots or players). */
export function isBotFillDue(
  botFillMs: number | null,
  firstRegisteredAt: number | null,
  now: number,
): boolean {
  return botFillMs !== null && firstRegisteredAt !== null && now - firstRegisteredAt >= botFillMs;
}

/** How many bots a House tournament seats once its wait is over (0 before it or with no bots). */
export function countBotsToFill(
  t: RegistrationView,
  botFillMs: number | null,
  firstRegisteredAt: number | null,
  now: number,
): number {
  if (!isBotFillDue(botFillMs, firstRegisteredAt, now) || t.status !== "registering") return 0;
  if (t.registered.length === 0) return 0;
  return Math.max(0, t.maxPlayers - t.registered.length);
}
