/** What every monitor does at the end of a run: add to its counters, keep its report, raise alerts. */
import type { Severity } from "../../security/events.ts";
import type { CasinoServices } from "../../services.ts";
import { addCounters, type Counters, saveReport, setCounters } from "../counters.ts";
import type { PersonaId } from "../personas.ts";

/** The result of one monitor run. */
export interface MonitorRun<R = unknown> {
  /** Counters to add to (work done this run). */
  add: Counters;
  /** Gauges to set (current figures). */
  set?: Counters;
  /** The run's report, kept as the persona's last report. */
  report: R;
}

/** Stores a run: totalReports + 1, lastRunAt, the counters and the report. */
export async function recordMonitorRun(
  services: CasinoServices,
  persona: PersonaId,
  run: MonitorRun,
): Promise<void> {
  const now = services.now();
  const db = services.handle.db;
  await addCounters(db, persona, { totalReports: 1, ...run.add }, now);
  await setCounters(db, persona, { lastRunAt: now, ...run.set }, now);
  await saveReport(db, persona, run.report, now);
}

/** A problem a monitor found, raised as a security event for the sentinel and the dashboard. */
export interface MonitorAlert {
  type: string;
  severity: Severity;
  location: string;
  details: string;
  rule: string;
}

/** Records a monitor's alert (not blocked: an operator has to look at it). */
export function raiseAlert(services: CasinoServices, persona: PersonaId, alert: MonitorAlert): void {
  services.security.recordSecurityEvent({
    ...alert,
    source: `monitor:${persona}`,
    blocked: false,
  });
}

/** Keeps the newest `limit` keys of a de-duplication list (keys already alerted on). */
export function keepRecent(keys: readonly string[], added: readonly string[], limit = 500): string[] {
  return [...keys.filter((k) => !added.includes(k)), ...added].slice(-limit);
}
