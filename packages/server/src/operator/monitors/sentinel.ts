/**
 * Sirius, the sentinel: reads the security events recorded since its last run (rejected input,
 * wallet mismatches, forged results, rate-limit hits, failed operator logins, room floods) and
 * adds them to its counters by severity; a source that produced a burst of events in one run is
 * flagged as an attack burst (a medium event) so the operator sees it on the list. It also scans
 * the poker hands ended since its last run for chip dumping between fresh accounts
 * (chip-dumping.ts).
 */
import type { CasinoServices } from "../../services.ts";
import { readCounters, readReport } from "../counters.ts";
import { type ChipDumpingReport, scanChipDumping } from "./chip-dumping.ts";
import { type MonitorRun, raiseAlert } from "./record.ts";

/** How the sentinel reads and flags. */
export interface SentinelOptions {
  /** Most events aggregated per run (the rest wait for the next run). */
  batchSize?: number;
  /** Events from one source in one run that make a burst. */
  burstThreshold?: number;
}

/** Sirius's report of one run. */
export interface SentinelReport {
  aggregated: number;
  bySeverity: Record<string, number>;
  byType: Record<string, number>;
  bursts: { source: string; events: number }[];
  lastEventId: number;
  chipDumping: ChipDumpingReport;
}

const BURST_TYPE = "attack_burst";

/** One aggregation pass over the new security events. */
export async function aggregateEvents(
  services: CasinoServices,
  options: SentinelOptions = {},
): Promise<MonitorRun<SentinelReport>> {
  const { db } = services.handle;
  const batchSize = options.batchSize ?? 5000;
  const burstThreshold = options.burstThreshold ?? 50;
  const cursor = (await readCounters(db)).sirius?.cursor ?? 0;
  const rows = await db
    .selectFrom("security_events")
    .select(["id", "type", "severity", "source", "count"])
    .where("id", ">", cursor)
    .orderBy("id")
    .limit(batchSize)
    .execute();
  const bySeverity: Record<string, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  const byType: Record<string, number> = {};
  const bySource = new Map<string, number>();
  // A row stands for `count` like events (security/events.ts folds floods).
  let eventCount = 0;
  for (const row of rows) {
    const events = Number(row.count);
    eventCount += events;
    bySeverity[row.severity] = (bySeverity[row.severity] ?? 0) + events;
    byType[row.type] = (byType[row.type] ?? 0) + events;
    if (row.type !== BURST_TYPE && row.source !== "unknown")
      bySource.set(row.source, (bySource.get(row.source) ?? 0) + events);
  }
  const bursts = [...bySource]
    .filter(([, events]) => events >= burstThreshold)
    .map(([source, events]) => ({ source, events }));
  for (const burst of bursts) {
    raiseAlert(services, "sirius", {
      type: BURST_TYPE,
      severity: "medium",
      location: `source ${burst.source}`,
      details: `${burst.events} security events from one source since the last sweep`,
      rule: "sirius/burst",
    });
  }
  const lastEventId = rows.length > 0 ? Number(rows[rows.length - 1]?.id) : cursor;
  const previous = await readReport<Partial<SentinelReport>>(db, "sirius");
  const chipDumping = await scanChipDumping(services, previous?.body.chipDumping);
  return {
    add: {
      backendLogs: eventCount,
      issuesDetected: (bySeverity.critical ?? 0) + (bySeverity.high ?? 0) + chipDumping.raised,
      tasksDispatched: bursts.length + chipDumping.raised,
      criticalEvents: bySeverity.critical ?? 0,
      highEvents: bySeverity.high ?? 0,
      mediumEvents: bySeverity.medium ?? 0,
      lowEvents: bySeverity.low ?? 0,
    },
    set: { cursor: lastEventId },
    report: { aggregated: rows.length, bySeverity, byType, bursts, lastEventId, chipDumping },
  };
}
