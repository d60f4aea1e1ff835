/**
 * What stops a player's next bet, pushed over the live feed room every page holds (so a page shows
 * the reason before the click): the operator's maintenance switch, and the player's own pause (a
 * cool-off, a self-exclusion, a session time limit). The texts are made here from the state and the
 * time, so a pause ends on screen when its time is up.
 */
import { SESSION_BREAK_MS } from "../wire/responsible.ts";

/** Room message of the live feed room: a PlayStateMessage (on join in full, later what changed). */
export const PLAY_STATE = "floor:play_state";

/** A player's own pause: an exclusion, and the session time limit's clock while a session runs. */
export interface PlayerPause {
  exclusion: { kind: "cool_off" | "self_exclusion"; until: number } | null;
  /**
   * The session time limit and the play session it measures (null while none runs): the session
   * runs out `minutes` after it started, and a break of SESSION_BREAK_MS after its last bet ends it.
   */
  sessionLimit: { minutes: number; session: { startedAt: number; lastAt: number } | null } | null;
}

/** PLAY_STATE: fields left out are unchanged (`pause` is null for a visitor). */
export interface PlayStateMessage {
  maintenance?: boolean;
  pause?: PlayerPause | null;
}

/** Why bets are paused, and until when (null: open-ended, the operator's switch). */
export interface PauseReason {
  kind: "maintenance" | "cool_off" | "self_exclusion" | "session_time";
  text: string;
  until: number | null;
}

/** A time in UTC as the refusals write it: "2026-11-28 07:00 UTC". */
export function formatUtcMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The session-limit clock: the limit and the session it measures when one is running at `now`. */
export function sessionLimitClock(
  minutes: number | null,
  session: { startedAt: number; lastAt: number } | null,
  now: number,
): PlayerPause["sessionLimit"] {
  if (minutes === null) return null;
  const running = session && now - session.lastAt < SESSION_BREAK_MS ? session : null;
  return { minutes, session: running ? { startedAt: running.startedAt, lastAt: running.lastAt } : null };
}

/** The clock after a bet of the player's at `at`, as the server counts it: a break starts a new session. */
export function noteBetOnClock(limit: PlayerPause["sessionLimit"], at: number): PlayerPause["sessionLimit"] {
  if (!limit) return limit;
  const running = limit.session && at - limit.session.lastAt < SESSION_BREAK_MS ? limit.session : null;
  return {
    minutes: limit.minutes,
    session: { startedAt: running?.startedAt ?? at, lastAt: Math.max(at, running?.lastAt ?? at) },
  };
}

/** When the running session reaches its limit and when its break ends, or null without one. */
function sessionTimes(limit: PlayerPause["sessionLimit"]): { reachedAt: number; resumesAt: number } | null {
  if (!limit?.session) return null;
  return {
    reachedAt: limit.session.startedAt + limit.minutes * 60_000,
    resumesAt: limit.session.lastAt + SESSION_BREAK_MS,
  };
}

/** The reason new bets are refused at `now`, the operator's maintenance first; null when nothing stops them. */
export function describePause(
  maintenance: boolean,
  pause: PlayerPause | null,
  now: number,
): PauseReason | null {
  if (maintenance) {
    return { kind: "maintenance", text: "The casino is in maintenance: new bets are paused", until: null };
  }
  const exclusion = pause?.exclusion;
  if (exclusion && exclusion.until > now) {
    return exclusion.kind === "self_exclusion"
      ? {
          kind: "self_exclusion",
          text: `You are self-excluded until ${new Date(exclusion.until).toISOString().slice(0, 10)}: bets, buy-ins and deposits are paused`,
          until: exclusion.until,
        }
      : {
          kind: "cool_off",
          text: `You are on a cool-off until ${formatUtcMinute(exclusion.until)}: bets, buy-ins and deposits are paused`,
          until: exclusion.until,
        };
  }
  const session = sessionTimes(pause?.sessionLimit ?? null);
  if (session && now >= session.reachedAt && now < session.resumesAt) {
    return {
      kind: "session_time",
      text: `You have reached your session time limit of ${pause?.sessionLimit?.minutes} minutes: you can play again at ${formatUtcMinute(session.resumesAt)}`,
      until: session.resumesAt,
    };
  }
  return null;
}

/** When the reason shown at `now` may change by time alone (a pause ending, a session limit arriving). */
export function nextPauseChange(pause: PlayerPause | null, now: number): number | null {
  const session = sessionTimes(pause?.sessionLimit ?? null);
  const times = [pause?.exclusion?.until, session?.reachedAt, session?.resumesAt];
  const later = times.filter((time): time is number => time !== undefined && time > now);
  return later.length > 0 ? Math.min(...later) : null;
}

/** Room message of the live feed room: the server settled one of the player's rounds on its own. */
export const ROUND_SETTLED_NOTICE = "floor:round_settled";

/** ROUND_SETTLED_NOTICE: the round in short, amounts in micro-units. */
export interface RoundSettledNoticeMessage {
  gameType: string;
  roundId: string;
  currency: string;
  stake: number;
  payout: number;
}
