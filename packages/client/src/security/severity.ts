/** How severities and statuses look: the colour class and label every list and badge uses. */
import type { SecurityStatus, Severity } from "./securityTypes.ts";

/** Severities from worst to mildest. */
export const SEVERITIES: readonly Severity[] = ["critical", "high", "medium", "low"];

/** The CSS class of a severity (colours in security.css). */
export function severityClass(severity: string): string {
  return SEVERITIES.includes(severity as Severity) ? `severity-${severity}` : "severity-low";
}

/** The CSS class of the status badge. */
export function statusClass(status: SecurityStatus | undefined): string {
  if (status === "SECURE") return "status-secure";
  if (status === "CRITICAL") return "status-critical";
  return "status-warning";
}

/** Whether an event still needs an operator (high or critical, not resolved). */
export function needsOperator(event: { severity: string; resolved: boolean }): boolean {
  return !event.resolved && (event.severity === "critical" || event.severity === "high");
}

/** A snake_case event type as words ("wallet_mismatch" -> "wallet mismatch"). */
export function describeEventType(type: string): string {
  return type.replaceAll("_", " ");
}

/** Seconds as "2d 3h", "3h 4m", "4m 5s" or "5s". */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}
