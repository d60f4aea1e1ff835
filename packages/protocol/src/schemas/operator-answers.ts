/**
 * The answers of the operator API (/api/security/*) as the security dashboard reads them. The
 * server's operator routes build these shapes and the dashboard's types are inferred from them.
 */
import { z } from "zod";

/** SECURE only while no critical or high event is unresolved. */
export const securityStatusSchema = z.enum(["SECURE", "WARNING", "CRITICAL"]);
export type SecurityStatus = z.infer<typeof securityStatusSchema>;

/** How bad an event is. */
export const severitySchema = z.enum(["critical", "high", "medium", "low"]);
export type Severity = z.infer<typeof severitySchema>;

/** The casino's security status and when the answer read it. */
const statusStampShape = { status: securityStatusSchema, timestamp: z.string() };

/** One count per severity. */
const severityCountShape = Object.fromEntries(severitySchema.options.map((level) => [level, z.number()])) as {
  [K in Severity]: z.ZodNumber;
};

/** POST /api/security/login. */
export const loginAnswerSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** GET /api/security/dom. */
export const domStatsSchema = z.object({
  ...statusStampShape,
  activeIssues: z.number(),
  unresolvedCritical: z.number(),
  unresolvedHigh: z.number(),
  totalEvents: z.number(),
  threatsBlocked: z.number(),
  betsToday: z.number(),
  maintenance: z.boolean(),
});
export type DomStats = z.infer<typeof domStatsSchema>;

/** One recorded security event (recentVulnerabilities item). */
export const vulnerabilitySchema = z.object({
  id: z.number(),
  type: z.string(),
  severity: severitySchema,
  autoFixed: z.boolean(),
  resolved: z.boolean(),
  timestamp: z.string(),
  location: z.string(),
  details: z.string(),
  riskScore: z.number(),
  source: z.string(),
  fixedCode: z.string().nullable(),
  /** How many like events the row stands for (repeats within a moment are one row). */
  count: z.number(),
});
export type Vulnerability = z.infer<typeof vulnerabilitySchema>;

/** GET /api/security/real-time-vulnerabilities. */
export const realTimeVulnerabilitiesSchema = z.object({
  ...statusStampShape,
  realTimeStats: z.object({
    totalVulnerabilities: z.number(),
    fixSuccessRate: z.number(),
    activeIssues: z.number(),
    ...severityCountShape,
  }),
  recentVulnerabilities: z.array(vulnerabilitySchema),
});
export type RealTimeVulnerabilities = z.infer<typeof realTimeVulnerabilitiesSchema>;

/** GET /api/security/hackers. */
export const hackerStatsSchema = z.object({
  totalBlocked: z.number(),
  lastBlockedIP: z.string().nullable(),
  lastBlockedAt: z.string().nullable(),
  mostCommonAttack: z.string().nullable(),
  autoBlockingActive: z.boolean(),
  attacksByType: z.array(z.object({ type: z.string(), count: z.number() })),
  topSources: z.array(z.object({ source: z.string(), count: z.number(), lastSeen: z.string() })),
});
export type HackerStats = z.infer<typeof hackerStatsSchema>;

/** The nine persona stat fields of SPEC.md section 3. */
export const PERSONA_STAT_FIELDS = [
  "totalReports",
  "issuesDetected",
  "tasksDispatched",
  "fairnessVerifications",
  "bookkeepingEntries",
  "financialChecks",
  "totalShuffles",
  "tablesMonitored",
  "backendLogs",
] as const;
export type PersonaStatField = (typeof PERSONA_STAT_FIELDS)[number];

/** One number per persona stat field. */
const personaStatShape = Object.fromEntries(PERSONA_STAT_FIELDS.map((field) => [field, z.number()])) as {
  [K in PersonaStatField]: z.ZodNumber;
};

/** GET /api/security/{persona}/stats: the nine fields (0 when not the persona's work) and its other counters. */
export const personaStatsSchema = z.object({
  persona: z.string(),
  name: z.string(),
  role: z.string(),
  duty: z.string(),
  lastRunAt: z.string().nullable(),
  /** The persona's other counters (per-severity counts, rounds and hands verified, failed runs...). */
  details: z.record(z.string(), z.number()),
  ...personaStatShape,
});
export type PersonaStats = z.infer<typeof personaStatsSchema>;

/** One window of the server's event-loop delay, in ms (the sampling interval itself taken out). */
export const loopDelayWindowSchema = z.object({
  p50Ms: z.number(),
  p99Ms: z.number(),
  maxMs: z.number(),
  meanMs: z.number(),
  /** Samples in the window (one per sampling interval the loop was free to take). */
  samples: z.number(),
  startedAt: z.string(),
  endedAt: z.string(),
});
export type LoopDelayWindow = z.infer<typeof loopDelayWindowSchema>;

/** The server's event-loop delay as the dashboard shows it. */
export const eventLoopDelaySchema = z.object({
  /** The last full window, or the window so far before the first one closes. */
  window: loopDelayWindowSchema,
  /** True when `window` is a full window. */
  complete: z.boolean(),
  windowMs: z.number(),
  thresholdMs: z.number(),
  /** Windows whose p99 was above the threshold since the process started. */
  stalledWindows: z.number(),
});
export type EventLoopDelay = z.infer<typeof eventLoopDelaySchema>;

/** The bookkeeper's last run. */
export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  mode: z.enum(["incremental", "rebuild", "wait"]),
  balancesChecked: z.number(),
  entriesChecked: z.number(),
  newEntries: z.number(),
  durationMs: z.number(),
  mismatchCount: z.number(),
  checkedAt: z.string(),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

/** The bookkeeper's full check: running here, and the last one's result. */
export const ledgerFullCheckSchema = z.object({
  running: z.boolean(),
  runningSince: z.string().nullable(),
  last: ledgerCheckSchema
    .pick({ ok: true, entriesChecked: true, mismatchCount: true, durationMs: true, checkedAt: true })
    .nullable(),
});
export type LedgerFullCheck = z.infer<typeof ledgerFullCheckSchema>;

/** GET /api/security/comprehensive (the parts the dashboard shows). */
export const comprehensiveScanSchema = z.object({
  ...statusStampShape,
  betsToday: z.number(),
  lastCheckup: z.string().nullable(),
  ledger: ledgerCheckSchema.nullable(),
  ledgerFullCheck: ledgerFullCheckSchema,
  eventLoopDelay: eventLoopDelaySchema.nullable(),
});
export type ComprehensiveScan = z.infer<typeof comprehensiveScanSchema>;

/** GET /api/security/domain/report. */
export const domainReportSchema = z.object({
  domain: z.string(),
  status: securityStatusSchema,
  totalIssuesFixed: z.number(),
  activeIssues: z.number(),
  lastCheckup: z.string().nullable(),
  maintenance: z.boolean(),
  maintenanceSince: z.string().nullable(),
});
export type DomainReport = z.infer<typeof domainReportSchema>;

/** POST /api/security/emergency-domain-fix. */
export const domainFixAnswerSchema = z.object({
  success: z.boolean(),
  domain: z.string(),
  maintenance: z.boolean(),
  message: z.string(),
});
export type DomainFixAnswer = z.infer<typeof domainFixAnswerSchema>;

/** One minute of the activity chart. */
export const timelineBucketSchema = z.object({ minute: z.string(), events: z.number(), bets: z.number() });
export type TimelineBucket = z.infer<typeof timelineBucketSchema>;

/** GET /api/security/timeline. */
export const timelineSchema = z.object({ minutes: z.number(), buckets: z.array(timelineBucketSchema) });
export type Timeline = z.infer<typeof timelineSchema>;
