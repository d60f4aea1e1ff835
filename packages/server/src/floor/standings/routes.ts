/**
 * GET /api/leaderboards (public: usernames only) and GET /api/profile (the session's own figures).
 * A bad leaderboard query is a 400 that reads nothing.
 */
import { leaderboardQuerySchema } from "@casino/protocol";
import express, { type Router } from "express";
import type { AppServices } from "../../app-services.ts";
import { failure } from "../../http/failures.ts";
import { refuse, userSessionOf } from "../../http/respond.ts";
import { requireSession } from "../../http/session.ts";
import { describeIssue } from "../../replies.ts";

/** The standings' routes, mounted on /api. */
export function createStandingsRoutes(services: AppServices): Router {
  const router = express.Router();

  router.get("/leaderboards", async (req, res) => {
    const parsed = leaderboardQuerySchema.safeParse(req.query);
    if (!parsed.success) {
      refuse(services, req, res, failure("input/invalid", describeIssue(parsed.error)), {
        type: "invalid_input",
        severity: "low",
      });
      return;
    }
    res.json(await services.standings.leaderboard(parsed.data));
  });

  router.get("/profile", requireSession(services), async (_req, res) => {
    res.json(await services.standings.profile(userSessionOf(res).userId));
  });

  return router;
}
