/**
 * The operator dashboard's API under /api/security (SPEC.md sections 3 and 7): login, then behind
 * the bearer token the status, scan, attackers and events views, each persona's stats and the
 * vault, the domain report and maintenance switch, resolving events, and the events/bets timeline.
 */
import express, { type RequestHandler, type Router } from "express";
import type { AppServices } from "../app-services.ts";
import { createChatOperatorRoutes } from "../floor/chat/operator-routes.ts";
import { failure } from "../http/failures.ts";
import { clientAddress, sendFailure } from "../http/respond.ts";
import { parseBody } from "../http/validate.ts";
import { describeIssue } from "../replies.ts";
import { createResponsibleOperatorRoutes } from "../responsible/operator.ts";
import { measureApiRequests } from "./api-metrics.ts";
import { admitToVault, handleLogin, handleLogout, requireOperator } from "./auth.ts";
import { readCounters, readReport } from "./counters.ts";
import { decideStatus, listRecentEvents, resolveEvent } from "./events-figures.ts";
import { operatorFailure } from "./failures.ts";
import { readMaintenanceState, switchMaintenance } from "./maintenance-switch.ts";
import { describePersonaStats } from "./persona-stats.ts";
import { findPersona, PERSONAS, VAULT_PERSONA } from "./personas.ts";
import type { OperatorRuntime } from "./runtime.ts";
import { domainFixBodySchema, eventIdSchema, timelineQuerySchema } from "./schemas.ts";
import { buildVaultLogs } from "./vault-figures.ts";

/** Figures several views share, computed at most once per cache period; scans of growing tables run on the read worker. */
function sharedFigures(runtime: OperatorRuntime) {
  const { db } = runtime.services.handle;
  return {
    summary: () => runtime.cached("summary", () => runtime.reads.run("figures.summary", null)),
    counters: () => runtime.cached("counters", () => readCounters(db)),
    maintenance: () => runtime.cached("maintenance", () => readMaintenanceState(db)),
    roundsToday: () =>
      runtime.cached("roundsToday", () =>
        runtime.reads.run("figures.roundsToday", { now: runtime.services.now() }),
      ),
  };
}

/** The latest monitor run of any persona, ISO, or null before the first. */
function lastCheckup(counters: Record<string, Record<string, number>>): string | null {
  const times = PERSONAS.map((p) => counters[p.id]?.lastRunAt ?? 0).filter((t) => t > 0);
  return times.length === 0 ? null : new Date(Math.max(...times)).toISOString();
}

/** Drops a report's de-duplication list (bookkeeping, not a figure). */
function withoutAlerted<T extends { alerted?: unknown }>(report: { body: T; updatedAt: number } | undefined) {
  if (!report) return null;
  const { alerted: _alerted, ...rest } = report.body;
  return { ...rest, checkedAt: new Date(report.updatedAt).toISOString() };
}

/** Builds the /api/security router. */
export function createSecurityRoutes(services: AppServices): Router {
  const runtime = services.operator;
  const figures = sharedFigures(runtime);
  const { db } = services.handle;
  const router = express.Router();
  const timestamp = () => new Date(services.now()).toISOString();

  router.post("/login", handleLogin(runtime));
  router.use(requireOperator(services));
  router.use("/responsible", createResponsibleOperatorRoutes(services));
  router.post("/logout", handleLogout(services));
  router.use("/chat", createChatOperatorRoutes(services));

  router.get("/dom", async (_req, res) => {
    const [summary, maintenance, roundsToday] = await Promise.all([
      figures.summary(),
      figures.maintenance(),
      figures.roundsToday(),
    ]);
    res.json({
      status: decideStatus(summary),
      timestamp: timestamp(),
      activeIssues: summary.unresolvedCritical + summary.unresolvedHigh,
      unresolvedCritical: summary.unresolvedCritical,
      unresolvedHigh: summary.unresolvedHigh,
      totalEvents: summary.total,
      threatsBlocked: summary.blocked,
      betsToday: roundsToday,
      maintenance: maintenance.maintenance,
    });
  });

  router.get("/comprehensive", async (_req, res) => {
    const [summary, counters, roundsToday, fairness, ledger, tables, sentinel, ledgerFullCheck] =
      await Promise.all([
        figures.summary(),
        figures.counters(),
        figures.roundsToday(),
        readReport<{ alerted?: unknown }>(db, "orion"),
        readReport<{ alerted?: unknown }>(db, "vega"),
        readReport<{ alerted?: unknown }>(db, "lyra"),
        readReport<{ alerted?: unknown }>(db, "sirius"),
        runtime.fullCheck.read(),
      ]);
    res.json({
      status: decideStatus(summary),
      timestamp: timestamp(),
      events: summary,
      betsToday: roundsToday,
      lastCheckup: lastCheckup(counters),
      monitors: PERSONAS.map((p) => describePersonaStats(p, counters[p.id])),
      fairness: withoutAlerted(fairness),
      ledger: withoutAlerted(ledger),
      ledgerFullCheck,
      tables: withoutAlerted(tables),
      sentinel: withoutAlerted(sentinel),
      eventLoopDelay: runtime.loopDelay?.figures() ?? null,
    });
  });

  router.get("/ledger/full-check", async (_req, res) => {
    res.json(await runtime.fullCheck.read());
  });

  router.post("/ledger/full-check", async (_req, res) => {
    const { started } = runtime.fullCheck.start();
    res.status(202).json({ started, ...(await runtime.fullCheck.read()) });
  });

  router.get("/hackers", async (_req, res) => {
    const attackers = await runtime.cached("attackers", () => runtime.reads.run("figures.attackers", null));
    const rate = services.rateLimit;
    res.json({
      timestamp: timestamp(),
      ...attackers,
      autoBlockingActive: [rate.addressPerSecond, rate.sessionPerSecond].every(
        (r) => Number.isFinite(r) && r > 0,
      ),
    });
  });

  router.get("/real-time-vulnerabilities", async (_req, res) => {
    const [summary, recent] = await Promise.all([figures.summary(), listRecentEvents(db, 20)]);
    res.json({
      timestamp: timestamp(),
      status: decideStatus(summary),
      realTimeStats: {
        totalVulnerabilities: summary.total,
        fixSuccessRate:
          summary.total === 0 ? 100 : Math.round((summary.fixed / summary.total) * 10_000) / 100,
        activeIssues: summary.unresolvedCritical + summary.unresolvedHigh,
        ...summary.bySeverity,
      },
      recentVulnerabilities: recent,
    });
  });

  router.get("/timeline", async (req, res) => {
    const query = timelineQuerySchema.safeParse(req.query);
    if (!query.success) return sendFailure(res, failure("input/invalid", describeIssue(query.error)));
    const buckets = await runtime.reads.run("figures.timeline", {
      minutes: query.data.minutes,
      now: services.now(),
    });
    res.json({ minutes: query.data.minutes, buckets });
  });

  router.get("/domain/report", async (req, res) => {
    const [summary, counters, maintenance] = await Promise.all([
      figures.summary(),
      figures.counters(),
      figures.maintenance(),
    ]);
    res.json({
      domain: req.hostname,
      status: decideStatus(summary),
      totalIssuesFixed: summary.fixed,
      activeIssues: summary.unresolvedCritical + summary.unresolvedHigh,
      lastCheckup: lastCheckup(counters),
      maintenance: maintenance.maintenance,
      maintenanceSince: maintenance.since,
    });
  });

  router.post("/emergency-domain-fix", async (req, res) => {
    const body = parseBody(services, domainFixBodySchema, req, res);
    if (!body) return;
    const state = await switchMaintenance(services, {
      domain: body.domain,
      enable: body.enable,
      source: clientAddress(req),
    });
    runtime.forget();
    res.json({
      success: true,
      domain: body.domain,
      maintenance: state.maintenance,
      message: state.maintenance
        ? "Maintenance mode on: new bets and new hands are refused, open rounds can finish"
        : "Maintenance mode off: play is open",
      timestamp: timestamp(),
    });
  });

  router.post("/events/:id/resolve", async (req, res) => {
    const id = eventIdSchema.safeParse(req.params.id);
    if (!id.success || !(await resolveEvent(db, id.data)))
      return sendFailure(res, operatorFailure("operator/event_not_found"));
    runtime.forget();
    const summary = await figures.summary();
    res.json({ id: id.data, resolved: true, status: decideStatus(summary) });
  });

  router.get("/:persona/stats", async (req, res) => {
    const persona = findPersona(String(req.params.persona));
    if (!persona) return sendFailure(res, operatorFailure("operator/unknown_persona"));
    const counters = await figures.counters();
    res.json(describePersonaStats(persona, counters[persona.id]));
  });

  router.get("/:persona/vault", async (req, res) => {
    const persona = findPersona(String(req.params.persona));
    if (!persona) return sendFailure(res, operatorFailure("operator/unknown_persona"));
    if (!(await admitToVault(runtime, req, res, persona.id === VAULT_PERSONA.id))) return;
    res.json(await buildVaultLogs(runtime));
  });

  return router;
}

/** The API timing middleware over this casino's operator metrics (mounted first on /api). */
export function measureApi(services: AppServices): RequestHandler {
  return measureApiRequests(services.operator.metrics);
}
