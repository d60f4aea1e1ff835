/**
 * GET /api/leaderboards (public: usernames only) and GET /api/profile (the session's own figures).
 * A bad leaderboard query is a 400 that reads nothing.
 */
import { leaderboardQuerySchema } from "@casino/protocol";
import express, { type Router } from "express";
import type { AppServices } from "../../app-services.ts";
import { userSessionOf } from "../../http/respond.ts";
import { requireSession } from "../../http/session.ts";
import { parseQuery } from "../../http/validate.ts";

/** The standings' routes, mounted on /api. */
export function createStandingsRoutes(services: AppServices): Router {
  const router = express.Router();

  router.get("/leaderboards", async (req, res) => {
    const query = parseQuery(services, leaderboardQuerySchema, req, res);
    if (query) res.json(await services.standings.leaderboard(query));
  });

  router.get("/profile", requireSession(services), async (_req, res) => {
    res.json(await services.standings.profile(userSessionOf(res).userId));
  });

  return router;
}
