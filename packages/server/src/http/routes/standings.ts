/**
 * GET /api/leaderboards (public: usernames only) and GET /api/profile (the session's own figures).
 * A bad leaderboard query is a 400 that reads nothing.
 */
import { leaderboardQuerySchema } from "@casino/protocol";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppServices } from "../../app-services.ts";
import { userSessionOf } from "../respond.ts";
import { requireSession } from "../session.ts";

/** The standings' routes, registered on /api. */
export function registerStandingsRoutes(scope: FastifyInstance, services: AppServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/leaderboards",
    { schema: { summary: "The leaderboards", querystring: leaderboardQuerySchema } },
    async (request) => services.standings.leaderboard(request.query),
  );

  app.get(
    "/profile",
    { preValidation: [requireSession(services)], schema: { summary: "The session's own figures" } },
    async (request) => services.standings.profile(userSessionOf(request).userId),
  );
}
