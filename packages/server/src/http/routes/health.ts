/**
 * Liveness and readiness for load balancers and the cluster launcher: /healthz answers while the
 * process runs; /readyz answers 200 only when the database answers, its migrations are all applied
 * and (scaled out) Redis answers, else 503 naming the checks that failed.
 */
import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../../db/connect.ts";
import { checkMigrations, pingDatabase, timeProbe } from "../../metrics/probes.ts";

/** What readiness depends on. */
export interface ReadinessSources {
  handle: DatabaseHandle;
  /** Round trip to Redis, when the casino is scaled out. */
  pingRedis?: (() => Promise<void>) | undefined;
}

/** One check's verdict. */
export interface CheckResult {
  ok: boolean;
  /** Seconds the check took, when it passed. */
  seconds?: number;
  /** Why it failed. */
  error?: string;
}

/** Runs every readiness check at once; `ok` only when all pass. */
export async function checkReadiness(
  sources: ReadinessSources,
): Promise<{ ok: boolean; checks: Record<string, CheckResult> }> {
  const probes: Record<string, () => Promise<unknown>> = {
    database: () => pingDatabase(sources.handle),
    migrations: () => checkMigrations(sources.handle),
  };
  const pingRedis = sources.pingRedis;
  if (pingRedis) probes.redis = pingRedis;
  const entries = await Promise.all(
    Object.entries(probes).map(async ([name, probe]): Promise<[string, CheckResult]> => {
      try {
        return [name, { ok: true, seconds: await timeProbe(probe) }];
      } catch (error) {
        return [name, { ok: false, error: error instanceof Error ? error.message : String(error) }];
      }
    }),
  );
  const checks = Object.fromEntries(entries);
  return { ok: entries.every(([, result]) => result.ok), checks };
}

/** GET /healthz and GET /readyz. */
export function registerHealthRoutes(app: FastifyInstance, sources: ReadinessSources): void {
  app.get("/healthz", { schema: { summary: "Liveness" } }, async (_request, reply) => {
    return reply.header("Cache-Control", "no-store").send({ ok: true });
  });
  app.get(
    "/readyz",
    { schema: { summary: "Readiness: database, migrations, Redis" } },
    async (_request, reply) => {
      const readiness = await checkReadiness(sources);
      const failed = Object.keys(readiness.checks).filter((name) => !readiness.checks[name]?.ok);
      return reply
        .header("Cache-Control", "no-store")
        .code(readiness.ok ? 200 : 503)
        .send({ ...readiness, ...(failed.length > 0 ? { failed } : {}) });
    },
  );
}
