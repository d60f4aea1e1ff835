/**
 * Supernova's round as the screen knows it, built from the room's frames: the phase, the bounded
 * players list and the round's totals, the player's own play (sent to them alone), the recent
 * crash points and the clock offset to the server. The multiplier is never sent: it is
 * drawn from the flight's start on the server's clock with the protocol's published curve.
 */
import type { Currency } from "@casino/protocol";
import { crashTimeOf, multiplierAt } from "@casino/protocol/games/crash/flight";
import { listedPlays } from "@casino/protocol/games/crash/listed-plays";
import type {
  CrashEndFrame,
  CrashEventsFrame,
  CrashFlightFrame,
  CrashOwnPlayFrame,
  CrashPlay,
  CrashResult,
  CrashRoundFrame,
  CrashTotals,
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
  /** The players list: the largest stakes of the round (bounded, in the list's order). */
  plays: CrashPlay[];
  /** The whole round in numbers. */
  totals: CrashTotals;
  /** This player's play in the round, if they bet. */
  own: CrashPlay | null;
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
    plays: listedPlays(frame.plays),
    totals: frame.totals,
    own: null,
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

/** The totals of an events frame, and its plays merged into the players list (by bet id). */
export function applyEvents(view: CrashView, frame: CrashEventsFrame): CrashView {
  if (frame.number !== view.number) return view;
  return { ...view, plays: listedPlays([...view.plays, ...frame.plays]), totals: frame.totals };
}

/** The player's own play, taken or cashed out. */
export function applyOwnPlay(view: CrashView, frame: CrashOwnPlayFrame): CrashView {
  if (frame.number !== view.number) return view;
  return { ...view, own: frame.play };
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
    plays: listedPlays([...view.plays, ...frame.plays]),
    totals: frame.totals,
    recent: [result, ...view.recent.filter((r) => r.number !== frame.number)].slice(0, 20),
    crashPoint: frame.crashPoint,
    endPoint: frame.endedAt,
    capped: frame.capped,
    hash: frame.hash,
  };
}

/** The multiplier to show now, in hundredths: 1.00x while betting, the curve in flight, the end after. */
export function multiplierNow(view: CrashView, localNow: number): number {
  if (view.phase === "betting") return 100;
  if (view.phase === "crashed") return view.endPoint ?? view.crashPoint ?? 100;
  const flying = multiplierAt(localNow + view.offset - view.startsAt);
  // A replay knows its end: the curve stops there.
  return view.endPoint === null ? flying : Math.min(flying, view.endPoint);
}

/** How fast a replay runs: real time up to 2.00x, then quick enough to end within about 4 s. */
export function replaySpeed(crashPoint: number): number {
  return Math.max(1, crashTimeOf(crashPoint) / 4_000);
}

/**
 * The last finished round as a flight to watch again, starting at `localNow` on a clock that runs
 * `replaySpeed` times faster (see replayClock); null when no round has finished yet.
 */
export function replayOf(view: CrashView, localNow: number): CrashView | null {
  const last = view.recent[0];
  if (!last) return null;
  return {
    ...view,
    number: last.number,
    phase: last.crashPoint <= 100 ? "crashed" : "flying",
    startsAt: localNow,
    offset: 0,
    plays: [],
    own: null,
    crashPoint: last.crashPoint,
    endPoint: last.crashPoint,
    capped: false,
    hash: last.hash,
  };
}

/** The clock a replay is drawn with: `speed` times faster than this page's, from `startLocal`. */
export function replayClock(startLocal: number, speed: number, now: () => number = Date.now): () => number {
  return () => startLocal + (now() - startLocal) * speed;
}

/** Whether a replay's flight is over on its own clock. */
export function isReplayOver(replay: CrashView, replayNow: number): boolean {
  return replayNow - replay.startsAt >= crashTimeOf(replay.crashPoint ?? 100);
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
  const whole = Math.floor(hundredths / 100);
  return `${whole}.${String(hundredths - whole * 100).padStart(2, "0")}x`;
}

/** The tone of a recent crash point: low (under 2x), good (2x-10x) or great. */
export function toneOfPoint(hundredths: number): "low" | "good" | "great" {
  if (hundredths < 200) return "low";
  return hundredths < 1000 ? "good" : "great";
}
