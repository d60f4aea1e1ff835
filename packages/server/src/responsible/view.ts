/** The GET /api/limits answer built from a player's state: every limit slot, the session and any exclusion. */
import { CURRENCIES, formatUnits } from "@casino/protocol";
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitsAnswer,
  type LimitView,
  SESSION_BREAK_MS,
} from "@casino/protocol/schemas/responsible";
import { endOfPeriod } from "./periods.ts";
import { applyDueChanges, currentTotals, limitKey, type ResponsibleState } from "./state.ts";

const iso = (ms: number) => new Date(ms).toISOString();

/** The answer a player reads: all 18 limit slots (set or not), what each period has used, the session. */
export function describeState(stored: ResponsibleState, now: number): LimitsAnswer {
  const state = applyDueChanges(stored, now);
  const limits: LimitView[] = [];
  for (const currency of CURRENCIES) {
    for (const kind of LIMIT_KINDS) {
      for (const period of LIMIT_PERIODS) {
        const key = limitKey(currency, kind, period);
        const amount = state.limits[key];
        const pending = state.pending[key];
        limits.push({
          currency,
          kind,
          period,
          amount: amount === undefined ? null : formatUnits(amount),
          pending: pending
            ? {
                amount: pending.amount === null ? null : formatUnits(pending.amount),
                effectiveAt: iso(pending.at),
              }
            : null,
          used: formatUnits(currentTotals(state, currency, period, now)[kind]),
          resetsAt: iso(endOfPeriod(period, now)),
        });
      }
    }
  }
  const running = state.session && now - state.session.lastAt < SESSION_BREAK_MS ? state.session : null;
  const pendingSession = state.pending.session;
  const exclusion = state.exclusion && state.exclusion.until > now ? state.exclusion : null;
  return {
    periods: "calendar-utc",
    now: iso(now),
    limits,
    session: {
      startedAt: running ? iso(running.startedAt) : null,
      lastBetAt: running ? iso(running.lastAt) : null,
      minutes: state.sessionMinutes,
      pendingMinutes: pendingSession
        ? { minutes: pendingSession.amount, effectiveAt: iso(pendingSession.at) }
        : null,
      realityCheckMinutes: state.realityCheckMinutes,
      breakMinutes: SESSION_BREAK_MS / 60_000,
      netResult: {
        HC: formatUnits(running?.net.HC ?? 0),
        AMINA: formatUnits(running?.net.AMINA ?? 0),
      },
    },
    exclusion: exclusion ? { kind: exclusion.kind, until: iso(exclusion.until) } : null,
  };
}
