/**
 * Changing the limits and excluding oneself, as pure functions: a tighter limit applies at once, a
 * looser one (higher, or removed) waits LIMIT_LOOSEN_DELAY_MS; an exclusion can be lengthened,
 * never shortened or lifted, and the longer of two exclusions stands.
 */
import { LIMIT_LOOSEN_DELAY_MS, type PutLimitsBody } from "@casino/protocol/schemas/responsible";
import { applyDueChanges, limitKey, type ResponsibleState } from "./state.ts";

/** Whether `next` is looser than `current` (null: no limit, the loosest). */
function isLooser(current: number | null, next: number | null): boolean {
  if (current === null) return false;
  return next === null || next > current;
}

/** One setting applied: at once when tighter (dropping any pending change), else pending for 24 hours. */
function applySetting(
  state: ResponsibleState,
  key: string,
  current: number | null,
  next: number | null,
  now: number,
  write: (value: number | null) => void,
): void {
  delete state.pending[key];
  if (current === next) return;
  if (isLooser(current, next)) state.pending[key] = { amount: next, at: now + LIMIT_LOOSEN_DELAY_MS };
  else write(next);
}

/** The state after a PUT /api/limits body (amounts already in micro-units). */
export function changeLimits(state: ResponsibleState, body: PutLimitsBody, now: number): ResponsibleState {
  const next = applyDueChanges(state, now);
  const changed: ResponsibleState = { ...next, limits: { ...next.limits }, pending: { ...next.pending } };
  for (const setting of body.limits ?? []) {
    const key = limitKey(setting.currency, setting.kind, setting.period);
    applySetting(changed, key, changed.limits[key] ?? null, setting.amount, now, (value) => {
      if (value === null) delete changed.limits[key];
      else changed.limits[key] = value;
    });
  }
  if (body.sessionMinutes !== undefined) {
    applySetting(changed, "session", changed.sessionMinutes, body.sessionMinutes, now, (value) => {
      changed.sessionMinutes = value;
    });
  }
  // A reminder only: a new interval applies at once either way.
  if (body.realityCheckMinutes !== undefined) changed.realityCheckMinutes = body.realityCheckMinutes;
  return changed;
}

/** The state after asking for a cool-off or self-exclusion ending at `until`; the longer one stands. */
export function excludeUntil(
  state: ResponsibleState,
  kind: "cool_off" | "self_exclusion",
  until: number,
  now: number,
): ResponsibleState {
  const current = state.exclusion && state.exclusion.until > now ? state.exclusion : null;
  if (current && current.until >= until) return state;
  return { ...state, exclusion: { kind, until } };
}

/** The end of a self-exclusion of `months` calendar months from `now` (UTC). */
export function addMonths(now: number, months: number): number {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
}
