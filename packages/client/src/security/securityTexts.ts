/** Every text and timing SPEC.md fixes for the /security screen, in one place so tests can hold them. */

/** The alert after a wrong dashboard password (SPEC.md section 8). */
export const ACCESS_DENIED_TEXT = "Access Denied - Incorrect Password";

/** Dashboard figures are polled every second while unlocked (SPEC.md section 7). */
export const POLL_INTERVAL_MS = 1000;

/** The domain health check runs every 30 seconds. */
export const DOMAIN_CHECK_INTERVAL_MS = 30_000;

/** The vault is refreshed every 5 minutes while open. */
export const VAULT_REFRESH_MS = 5 * 60_000;

/** How many recent events the list shows. */
export const RECENT_EVENTS_SHOWN = 20;

/** The chart's window, in minutes. */
export const TIMELINE_MINUTES = 60;

/** The four personas in dashboard order (their path segments). */
export const PERSONA_IDS = ["orion", "vega", "lyra", "sirius"] as const;

/** Which stat fields each persona's card puts first (its own work). */
export const PERSONA_HEADLINE_FIELDS = {
  orion: ["fairnessVerifications"],
  vega: ["bookkeepingEntries", "financialChecks"],
  lyra: ["totalShuffles", "tablesMonitored"],
  sirius: ["backendLogs"],
} as const;

/** Labels of the nine persona stat fields. */
export const PERSONA_FIELD_LABELS = {
  totalReports: "Reports",
  issuesDetected: "Issues detected",
  tasksDispatched: "Alerts dispatched",
  fairnessVerifications: "Fairness verifications",
  bookkeepingEntries: "Ledger entries reconciled",
  financialChecks: "Financial checks",
  totalShuffles: "Shuffles committed",
  tablesMonitored: "Tables monitored",
  backendLogs: "Events aggregated",
} as const;

/** The alert when the domain health check fails. */
export function describeHealthCheckFailure(reason: string): string {
  return `Domain health check failed: ${reason}`;
}

/** The alert when the maintenance switch cannot be flipped. */
export function describeDomainFixFailure(reason: string): string {
  return `Domain fix failed: ${reason}`;
}
