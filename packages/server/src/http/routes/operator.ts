/**
 * The operator dashboard's API under /api/security (SPEC.md sections 3 and 7): login, then behind
 * the bearer token the status, scan, attackers and events views, each persona's stats and the
 * vault, the domain report and maintenance switch, resolving events, and the events/bets timeline.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppServices } from "../../app-services.ts";
import { readCounters, readReport } from "../../operator/counters.ts";
import { decideStatus, listRecentEvents, resolveEvent } from "../../operator/events-figures.ts";
import { operatorFailure } from "../../operator/failures.ts";
import { readMaintenanceState, switchMaintenance } from "../../operator/maintenance-switch.ts";
import { describePersonaStats } from "../../operator/persona-stats.ts";
import { findPersona, PERSONAS, type Persona, VAULT_PERSONA } from "../../operator/personas.ts";
import type { OperatorRuntime } from "../../operator/runtime.ts";
import {
  domainFixBodySchema,
  eventIdSchema,
  operatorLoginBodySchema,
  timelineQuerySchema,
} from "../../operator/schemas.ts";
import { buildVaultLogs } from "../../operator/vault-figures.ts";
import { listResponsiblePlayers } from "../../responsible/operator.ts";
import { admitToVault, logIn, logOut, requireLoginConfigured, requireOperator } from "../operator-auth.ts";
import { clientAddress, sendFailure } from "../respond.ts";
import { registerChatModerationRoutes } from "./chat-moderation.ts";

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

/** Registers the /api/security routes: the login, then everything behind the operator's token. */
export async function registerOperatorRoutes(scope: FastifyInstance, services: AppServices): Promise<void> {
  const runtime = services.operator;
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/login",
    {
      preValidation: [requireLoginConfigured(runtime)],
      schema: { summary: "Trade the dashboard password for a token", body: operatorLoginBodySchema },
    },
    async (request, reply) => logIn(runtime, request, reply, request.body.password),
  );
  await app.register(async (guarded) => {
    guarded.addHook("preValidation", requireOperator(services));
    registerDashboardRoutes(guarded, services);
    await guarded.register(async (chat) => registerChatModerationRoutes(chat, services), { prefix: "/chat" });
  });
}

/**
 * A handler for a route under /:persona: runs `handle` with the persona the path names, or answers
 * operator/unknown_persona when it names none.
 */
function forPersona<R extends FastifyRequest & { params: { persona: string } }, T>(
  handle: (persona: Persona, request: R, reply: FastifyReply) => Promise<T>,
) {
  return async (request: R, reply: FastifyReply) => {
    const persona = findPersona(request.params.persona);
    if (!persona) return sendFailure(reply, operatorFailure("operator/unknown_persona"));
    return handle(persona, request, reply);
  };
}

/** The routes behind the operator's token. */
function registerDashboardRoutes(scope: FastifyInstance, services: AppServices): void {
  const runtime = services.operator;
  const figures = sharedFigures(runtime);
  const { db } = services.handle;
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const timestamp = () => new Date(services.now()).toISOString();
  const byPersona = z.object({ persona: z.string() });

  app.get("/responsible", { schema: { summary: "Players with limits or exclusions" } }, async () => ({
    players: await listResponsiblePlayers(services),
  }));
  app.post("/logout", { schema: { summary: "End the token's login" } }, async (request, reply) =>
    logOut(services, request, reply),
  );

  app.get("/dom", { schema: { summary: "The casino's status at a glance" } }, async () => {
    const [summary, maintenance, roundsToday] = await Promise.all([
      figures.summary(),
      figures.maintenance(),
      figures.roundsToday(),
    ]);
    return {
      status: decideStatus(summary),
      timestamp: timestamp(),
      activeIssues: summary.unresolvedCritical + summary.unresolvedHigh,
      unresolvedCritical: summary.unresolvedCritical,
      unresolvedHigh: summary.unresolvedHigh,
      totalEvents: summary.total,
      threatsBlocked: summary.blocked,
      betsToday: roundsToday,
      maintenance: maintenance.maintenance,
    };
  });

  app.get("/comprehensive", { schema: { summary: "Every monitor's report" } }, async () => {
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
    return {
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
    };
  });

  app.get("/ledger/full-check", { schema: { summary: "The full ledger check" } }, async () => {
    return await runtime.fullCheck.read();
  });

  app.post(
    "/ledger/full-check",
    { schema: { summary: "Start the full ledger check" } },
    async (_request, reply) => {
      const { started } = runtime.fullCheck.start();
      return reply.code(202).send({ started, ...(await runtime.fullCheck.read()) });
    },
  );

  app.get("/hackers", { schema: { summary: "The attackers the casino sees" } }, async () => {
    const attackers = await runtime.cached("attackers", () => runtime.reads.run("figures.attackers", null));
    const rate = services.rateLimit;
    return {
      timestamp: timestamp(),
      ...attackers,
      autoBlockingActive: [rate.addressPerSecond, rate.sessionPerSecond].every(
        (r) => Number.isFinite(r) && r > 0,
      ),
    };
  });

  app.get("/real-time-vulnerabilities", { schema: { summary: "Recent security events" } }, async () => {
    const [summary, recent] = await Promise.all([figures.summary(), listRecentEvents(db, 20)]);
    return {
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
    };
  });

  app.get(
    "/timeline",
    { schema: { summary: "Events and bets per minute", querystring: timelineQuerySchema } },
    async (request) => {
      const { minutes } = request.query;
      const buckets = await runtime.reads.run("figures.timeline", { minutes, now: services.now() });
      return { minutes, buckets };
    },
  );

  app.get("/domain/report", { schema: { summary: "The domain report" } }, async (request) => {
    const [summary, counters, maintenance] = await Promise.all([
      figures.summary(),
      figures.counters(),
      figures.maintenance(),
    ]);
    return {
      domain: request.hostname,
      status: decideStatus(summary),
      totalIssuesFixed: summary.fixed,
      activeIssues: summary.unresolvedCritical + summary.unresolvedHigh,
      lastCheckup: lastCheckup(counters),
      maintenance: maintenance.maintenance,
      maintenanceSince: maintenance.since,
    };
  });

  app.post(
    "/emergency-domain-fix",
    { schema: { summary: "Switch maintenance mode", body: domainFixBodySchema } },
    async (request) => {
      const body = request.body;
      const state = await switchMaintenance(services, {
        domain: body.domain,
        enable: body.enable,
        source: clientAddress(request),
      });
      runtime.forget();
      return {
        success: true,
        domain: body.domain,
        maintenance: state.maintenance,
        message: state.maintenance
          ? "Maintenance mode on: new bets and new hands are refused, open rounds can finish"
          : "Maintenance mode off: play is open",
        timestamp: timestamp(),
      };
    },
  );

  app.post(
    "/events/:id/resolve",
    { schema: { summary: "Resolve an event", params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      const id = eventIdSchema.safeParse(request.params.id);
      if (!id.success || !(await resolveEvent(db, id.data)))
        return sendFailure(reply, operatorFailure("operator/event_not_found"));
      runtime.forget();
      const summary = await figures.summary();
      return { id: id.data, resolved: true, status: decideStatus(summary) };
    },
  );

  app.get(
    "/:persona/stats",
    { schema: { summary: "A monitor persona's stats", params: byPersona } },
    forPersona(async (persona) => describePersonaStats(persona, (await figures.counters())[persona.id])),
  );

  app.get(
    "/:persona/vault",
    { schema: { summary: "The vault (second password)", params: byPersona } },
    forPersona(async (persona, request, reply) => {
      if (!(await admitToVault(runtime, request, reply, persona.id === VAULT_PERSONA.id))) return reply;
      return await buildVaultLogs(runtime);
    }),
  );
}
