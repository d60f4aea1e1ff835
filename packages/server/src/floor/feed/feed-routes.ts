/**
 * The feed over REST, for clients without WebSockets: GET /api/bets/recent?tab=all|high|mine (the
 * rows the room sends, `mine` needs a session), and the player's privacy: GET and PUT
 * /api/bets/privacy {hidden}. A bad query or body is a 400 that reads and changes nothing.
 */
import { feedPrivacyBodySchema, feedQuerySchema } from "@casino/protocol";
import express, { type Router } from "express";
import { failure } from "../../http/failures.ts";
import { refuse, sessionOf, userSessionOf } from "../../http/respond.ts";
import { requireSession } from "../../http/session.ts";
import { parseBody, parseQuery } from "../../http/validate.ts";
import type { CasinoServices } from "../../services.ts";
import type { LiveFeed } from "./live-feed.ts";

/** Routes under /api/bets. */
export function createFeedRoutes(services: CasinoServices, feed: LiveFeed): Router {
  const router = express.Router();

  router.get("/recent", async (req, res) => {
    const query = parseQuery(services, feedQuerySchema, req, res);
    if (!query) return;
    const { tab } = query;
    const userId = sessionOf(res)?.userId ?? undefined;
    if (tab === "mine" && !userId) {
      refuse(services, req, res, failure("auth/no_session"), { type: "auth_failure", severity: "low" });
      return;
    }
    const rows = await feed.read(tab, userId);
    res.json({ tab, rows, online: feed.online.count() });
  });

  router.get("/privacy", requireSession(services), async (_req, res) => {
    res.json({ hidden: await feed.isHidden(userSessionOf(res).userId) });
  });

  router.put("/privacy", requireSession(services), async (req, res) => {
    const body = parseBody(services, feedPrivacyBodySchema, req, res);
    if (!body) return;
    await feed.setHidden(userSessionOf(res).userId, body.hidden);
    res.json({ hidden: body.hidden });
  });

  return router;
}
