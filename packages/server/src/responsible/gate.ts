/**
 * The checks a stake, a buy-in or a deposit passes, and the totals they add, as pure functions of
 * the player's state and the time. A stake counts in full as a potential loss when it is placed;
 * its payout, when the round settles, takes the loss back down. Failures carry the limits/* codes.
 */
import { CURRENCIES, type Currency, type Failure, failure, formatUnits } from "@casino/protocol";
import {
  LIMIT_PERIODS,
  type LimitFailureCode,
  type LimitKind,
  SESSION_BREAK_MS,
} from "@casino/protocol/schemas/responsible";
import { describePeriod, formatUtc, formatUtcDate } from "./periods.ts";
import { currentTotals, limitKey, type PeriodTotals, type ResponsibleState, totalsKey } from "./state.ts";

/** A responsible-gaming refusal (403, from the catalogue) with its own text naming the limit. */
function refusal(code: LimitFailureCode, message: string): Failure {
  return failure(code, message);
}

/** The refusal while a cool-off or self-exclusion runs, else undefined. */
export function checkExclusion(state: ResponsibleState, now: number): Failure | undefined {
  const exclusion = state.exclusion;
  if (!exclusion || exclusion.until <= now) return undefined;
  if (exclusion.kind === "self_exclusion")
    return refusal("limits/self_excluded", `You are self-excluded until ${formatUtcDate(exclusion.until)}`);
  return refusal("limits/cooling_off", `You are on a cool-off until ${formatUtc(exclusion.until)}`);
}

/** Whether the play session is still running at `now` (no break of SESSION_BREAK_MS since the last bet). */
function sessionRunning(state: ResponsibleState, now: number): boolean {
  return state.session !== null && now - state.session.lastAt < SESSION_BREAK_MS;
}

/** The refusal once the session time limit is used up, until a break starts a new session. */
function checkSession(state: ResponsibleState, now: number): Failure | undefined {
  if (state.sessionMinutes === null || !state.session || !sessionRunning(state, now)) return undefined;
  if (now - state.session.startedAt < state.sessionMinutes * 60_000) return undefined;
  const breakMinutes = SESSION_BREAK_MS / 60_000;
  return refusal(
    "limits/session_time_reached",
    `You have reached your session time limit of ${state.sessionMinutes} minutes: take a break of ${breakMinutes} minutes`,
  );
}

/** The refusal when adding `amount` to a kind's totals would pass one of its limits. */
function checkLimit(
  state: ResponsibleState,
  currency: Currency,
  kind: LimitKind,
  amount: number,
  now: number,
): Failure | undefined {
  for (const period of LIMIT_PERIODS) {
    const limit = state.limits[limitKey(currency, kind, period)];
    if (limit === undefined) continue;
    const used = currentTotals(state, currency, period, now)[kind];
    if (used + amount <= limit) continue;
    const code = `limits/${kind}_limit_reached` as LimitFailureCode;
    const named = `your ${describePeriod(period)} ${kind} limit of ${formatUnits(limit)} ${currency}`;
    const left = Math.max(0, limit - used);
    return refusal(
      code,
      left === 0
        ? `You have reached ${named}`
        : `This would pass ${named}: ${formatUnits(left)} ${currency} left in this period`,
    );
  }
  return undefined;
}

/** Why a stake (a bet, a poker buy-in or top-up) is refused, or undefined when it may go ahead. */
export function checkStake(
  state: ResponsibleState,
  currency: Currency,
  stake: number,
  now: number,
): Failure | undefined {
  return (
    checkExclusion(state, now) ??
    checkSession(state, now) ??
    checkLimit(state, currency, "wager", stake, now) ??
    checkLimit(state, currency, "loss", stake, now)
  );
}

/** Why a deposit is refused, or undefined. */
export function checkDeposit(
  state: ResponsibleState,
  currency: Currency,
  amount: number,
  now: number,
): Failure | undefined {
  return checkExclusion(state, now) ?? checkLimit(state, currency, "deposit", amount, now);
}

/** The state with `change` added to the current totals of every period of a currency. */
function addToTotals(
  state: ResponsibleState,
  currency: Currency,
  now: number,
  change: Partial<Omit<PeriodTotals, "start">>,
): ResponsibleState {
  const totals = { ...state.totals };
  for (const period of LIMIT_PERIODS) {
    const current = currentTotals(state, currency, period, now);
    totals[totalsKey(currency, period)] = {
      start: current.start,
      wager: current.wager + (change.wager ?? 0),
      loss: current.loss + (change.loss ?? 0),
      deposit: current.deposit + (change.deposit ?? 0),
    };
  }
  return { ...state, totals };
}

/** The session at `now` with a net change, starting a new session after a break. */
function touchSession(state: ResponsibleState, currency: Currency, net: number, now: number) {
  const running = sessionRunning(state, now) && state.session ? state.session : null;
  const base = running ?? {
    startedAt: now,
    lastAt: now,
    net: Object.fromEntries(CURRENCIES.map((c) => [c, 0])) as Record<Currency, number>,
  };
  return {
    startedAt: base.startedAt,
    lastAt: now,
    net: { ...base.net, [currency]: base.net[currency] + net },
  };
}

/** The state after a stake was placed and (when it settled at once) paid `win`. */
export function addStake(
  state: ResponsibleState,
  currency: Currency,
  stake: number,
  win: number,
  now: number,
): ResponsibleState {
  const added = addToTotals(state, currency, now, { wager: stake, loss: stake - win });
  return { ...added, session: touchSession(state, currency, win - stake, now) };
}

/** The state after a payout of an earlier stake (a round settling later, chips cashed out). */
export function addPayout(
  state: ResponsibleState,
  currency: Currency,
  win: number,
  now: number,
): ResponsibleState {
  const added = addToTotals(state, currency, now, { loss: -win });
  const session = state.session ? { ...state.session, net: { ...state.session.net } } : null;
  if (session) session.net[currency] += win;
  return { ...added, session };
}

/** The state after a deposit. */
export function addDeposit(state: ResponsibleState, currency: Currency, amount: number, now: number) {
  return addToTotals(state, currency, now, { deposit: amount });
}
