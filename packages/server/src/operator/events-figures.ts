/**
 * The dashboard's figures about security events, read from security_events: the status (SECURE only
 * while no critical or high event is unresolved), totals, the recent list in the shape of SPEC.md
 * section 3, the attackers' view, and resolving an event.
 */

import type { SecurityStatus, Vulnerability } from "@casino/protocol";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database, SecurityEventsTable } from "../db/schema.ts";

/** The dashboard's overall status (protocol's schema). */
export type { SecurityStatus };

/** Event totals. */
export interface EventSummary {
  total: number;
  blocked: number;
  resolved: number;
  /** Blocked automatically or resolved by an operator. */
  fixed: number;
  unresolvedCritical: number;
  unresolvedHigh: number;
  bySeverity: Record<SecurityEventsTable["severity"], number>;
}

/** Reads the totals in one pass. */
export async function summarizeEvents(db: Kysely<Database>): Promise<EventSummary> {
  const rows = await db
    .selectFrom("security_events")
    .select([
      "severity",
      sql<number>`sum(count)`.as("total"),
      sql<number>`sum(blocked * count)`.as("blocked"),
      sql<number>`sum(resolved * count)`.as("resolved"),
      sql<number>`sum(case when blocked = 1 or resolved = 1 then count else 0 end)`.as("fixed"),
      sql<number>`sum(case when resolved = 0 then count else 0 end)`.as("open"),
    ])
    .groupBy("severity")
    .execute();
  const summary: EventSummary = {
    total: 0,
    blocked: 0,
    resolved: 0,
    fixed: 0,
    unresolvedCritical: 0,
    unresolvedHigh: 0,
    bySeverity: { critical: 0, high: 0, medium: 0, low: 0 },
  };
  for (const row of rows) {
    summary.total += Number(row.total);
    summary.blocked += Number(row.blocked ?? 0);
    summary.resolved += Number(row.resolved ?? 0);
    summary.fixed += Number(row.fixed ?? 0);
    summary.bySeverity[row.severity] = Number(row.total);
    if (row.severity === "critical") summary.unresolvedCritical = Number(row.open ?? 0);
    if (row.severity === "high") summary.unresolvedHigh = Number(row.open ?? 0);
  }
  return summary;
}

/** SECURE only with no unresolved critical or high event. */
export function decideStatus(
  summary: Pick<EventSummary, "unresolvedCritical" | "unresolvedHigh">,
): SecurityStatus {
  if (summary.unresolvedCritical > 0) return "CRITICAL";
  if (summary.unresolvedHigh > 0) return "WARNING";
  return "SECURE";
}

/** One event as the dashboard lists it (SPEC.md section 3 recentVulnerabilities; protocol's schema). */
export type VulnerabilityItem = Vulnerability;

/** The newest events first. */
export async function listRecentEvents(db: Kysely<Database>, limit = 20): Promise<VulnerabilityItem[]> {
  const rows = await db
    .selectFrom("security_events")
    .selectAll()
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.type,
    severity: row.severity,
    autoFixed: Number(row.blocked) === 1,
    resolved: Number(row.resolved) === 1,
    timestamp: new Date(Number(row.created_at)).toISOString(),
    location: row.location,
    details: row.details,
    riskScore: Number(row.risk_score),
    source: row.source,
    fixedCode: Number(row.blocked) === 1 ? row.rule : null,
    count: Number(row.count),
  }));
}

/** The attackers as the hackers view and the vault show them. */
export interface AttackerFigures {
  totalBlocked: number;
  lastBlockedIP: string | null;
  lastBlockedAt: string | null;
  mostCommonAttack: string | null;
  attacksByType: { type: string; count: number }[];
  topSources: { source: string; count: number; lastSeen: string }[];
}

/** The blocked security events. */
function blockedEvents(db: Kysely<Database>) {
  return db.selectFrom("security_events").where("blocked", "=", 1);
}

/** The blocked events grouped by `column`, the most first (ties by the column), at most `limit` groups. */
function mostBlockedBy(db: Kysely<Database>, column: "type" | "source", limit: number) {
  return blockedEvents(db).groupBy(column).orderBy(sql`sum(count)`, "desc").orderBy(column).limit(limit);
}

/** Blocked events by type and by (hashed) source. */
export async function describeAttackers(db: Kysely<Database>): Promise<AttackerFigures> {
  const byType = await mostBlockedBy(db, "type", 10)
    .select(["type", sql<number>`sum(count)`.as("n")])
    .execute();
  const bySource = await mostBlockedBy(db, "source", 5)
    .select([
      "source",
      sql<number>`sum(count)`.as("n"),
      sql<number>`max(coalesce(last_seen, created_at))`.as("last"),
    ])
    .where("source", "!=", "unknown")
    .execute();
  const last = await blockedEvents(db)
    .select(["source", "created_at"])
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return {
    totalBlocked: byType.reduce((sum, r) => sum + Number(r.n), 0) + (await countBlockedBeyond(db, byType)),
    lastBlockedIP: last?.source ?? null,
    lastBlockedAt: last ? new Date(Number(last.created_at)).toISOString() : null,
    mostCommonAttack: byType[0]?.type ?? null,
    attacksByType: byType.map((r) => ({ type: r.type, count: Number(r.n) })),
    topSources: bySource.map((r) => ({
      source: r.source,
      count: Number(r.n),
      lastSeen: new Date(Number(r.last)).toISOString(),
    })),
  };
}

/** Blocked events of types beyond the ten listed (so the total stays exact). */
async function countBlockedBeyond(db: Kysely<Database>, listed: { type: string }[]): Promise<number> {
  if (listed.length < 10) return 0;
  const row = await blockedEvents(db)
    .select(sql<number>`coalesce(sum(count), 0)`.as("n"))
    .where(
      "type",
      "not in",
      listed.map((r) => r.type),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks an event resolved; false when there is no such event. */
export async function resolveEvent(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db
    .updateTable("security_events")
    .set({ resolved: 1 })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
