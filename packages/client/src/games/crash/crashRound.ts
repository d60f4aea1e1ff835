/**
 * Supernova's round as the screen knows it, built from the room's frames: the phase, the players,
 * the recent crash points and the clock offset to the server. The multiplier is never sent: it is
 * drawn from the flight's start on the server's clock with the protocol's published curve.
 */
import type { Currency } from "@casino/protocol";
import { multiplierAt } from "@casino/protocol/games/crash/flight";
import type {
  CrashEndFrame,
  CrashEventsFrame,
  CrashFlightFrame,
  CrashPlay,
  CrashResult,
  CrashRoundFrame,
} from "@casino/protocol/games/crash/schemas";

/** The round the screen draws. */
export interface CrashView {
  currency: Currency;
  number: number;
  phase: "betting" | "flying" | "crashed";
  /** Betting: when the flight starts; flying or crashed: when it started (server clock, ms). */
  startsAt: number;
  /** Server clock minus this page's clock, in ms. */
  offset: number;
  plays: CrashPlay[];
  recent: CrashResult[];
  terminal: string;
  salt: string;
  /** Once crashed: where it crashed, where the flight ended (the cap may end it first), the revealed hash. */
  crashPoint: number | null;
  endPoint: number | null;
  capped: boolean;
  hash: string | null;
}

/** A view from the `round` frame (on join and when betting opens); `localNow` is Date.now() at receipt. */
export function viewOfRound(frame: CrashRoundFrame, localNow: number): CrashView {
  return {
    currency: frame.currency,
    number: frame.number,
    phase: frame.phase,
    startsAt: frame.startsAt,
    offset: frame.serverTime - localNow,
    plays: frame.plays,
    recent: frame.recent,
    terminal: frame.terminal,
    salt: frame.salt,
    crashPoint: null,
    endPoint: null,
    capped: false,
    hash: null,
  };
}

/** The flight started. */
export function applyFlight(view: CrashView, frame: CrashFlightFrame, localNow: number): CrashView {
  if (frame.number !== view.number) return view;
  return { ...view, phase: "flying", startsAt: frame.startedAt, offset: frame.serverTime - localNow };
}

/** Replaces or adds the plays of an events frame (by bet id). */
export function applyEvents(view: CrashView, frame: CrashEventsFrame): CrashView {
  if (frame.number !== view.number) return view;
  return { ...view, plays: mergePlays(view.plays, frame.plays) };
}

/** The flight ended: the crash point and hash revealed, the round first in the recent list. */
export function applyCrash(view: CrashView, frame: CrashEndFrame): CrashView {
  if (frame.number !== view.number) return view;
  const result: CrashResult = {
    number: frame.number,
    crashPoint: frame.crashPoint,
    hash: frame.hash,
    endedAt: Date.now(),
  };
  return {
    ...view,
    phase: "crashed",
    plays: mergePlays(view.plays, frame.plays),
    recent: [result, ...view.recent.filter((r) => r.number !== frame.number)].slice(0, 20),
    crashPoint: frame.crashPoint,
    endPoint: frame.endedAt,
    capped: frame.capped,
    hash: frame.hash,
  };
}

/** Plays merged by bet id, newer ones winning, in the order first seen. */
function mergePlays(old: CrashPlay[], changed: CrashPlay[]): CrashPlay[] {
  const byId = new Map(old.map((p) => [p.betId, p]));
  for (const play of changed) byId.set(play.betId, play);
  return [...byId.values()];
}

/** The multiplier to show now, in hundredths: 1.00x while betting, the curve in flight, the end after. */
export function multiplierNow(view: CrashView, localNow: number): number {
  if (view.phase === "betting") return 100;
  if (view.phase === "crashed") return view.endPoint ?? view.crashPoint ?? 100;
  return multiplierAt(localNow + view.offset - view.startsAt);
}

/** Milliseconds of flight so far (0 before the start). */
export function flightMs(view: CrashView, localNow: number): number {
  return Math.max(0, localNow + view.offset - view.startsAt);
}

/** Seconds until the flight starts, rounded up (0 once it has). */
export function secondsToStart(view: CrashView, localNow: number): number {
  if (view.phase !== "betting") return 0;
  return Math.max(0, Math.ceil((view.startsAt - (localNow + view.offset)) / 1000));
}

/** A multiplier in hundredths as text ("2.50x"). */
export function formatCrashPoint(hundredths: number): string {
  return `${(hundredths / 100).toFixed(2)}x`;
}

/** The tone of a recent crash point: low (under 2x), good (2x-10x) or great. */
export function toneOfPoint(hundredths: number): "low" | "good" | "great" {
  if (hundredths < 200) return "low";
  return hundredths < 1000 ? "good" : "great";
}
