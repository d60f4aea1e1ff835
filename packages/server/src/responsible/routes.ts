/**
 * The player's responsible-gaming API: GET /api/limits, PUT /api/limits, POST /api/cool-off and
 * POST /api/self-exclusion, for the session's own wallet. Bad input is a 400 and changes nothing;
 * every change answers the new GET /api/limits view.
 */
import {
  coolOffBodySchema,
  putLimitsBodySchema,
  selfExclusionBodySchema,
} from "@casino/protocol/schemas/responsible";
import express, { type Router } from "express";
import type { LiveFeed } from "../floor/feed/live-feed.ts";
import { userSessionOf } from "../http/respond.ts";
import { requireSession } from "../http/session.ts";
import { parseBody } from "../http/validate.ts";
import { guardWallet } from "../http/wallet-guard.ts";
import { rememberExclusionOfBrowser } from "../recovery/carry.ts";
import type { CasinoServices } from "../services.ts";
import { putLimits, readLimits, startCoolOff, startSelfExclusion } from "./service.ts";

/** Routes mounted at /api. */
export function createResponsibleRoutes(
  services: CasinoServices & { feed: Pick<LiveFeed, "notifyPlayer"> },
): Router {
  const router = express.Router();
  const signedIn = requireSession(services);
  const ownWallet = guardWallet(services);
  const { handle } = services;

  router.get("/limits", signedIn, ownWallet, async (_req, res) => {
    res.json(await readLimits(handle, userSessionOf(res).userId, services.now()));
  });

  router.put("/limits", signedIn, ownWallet, async (req, res) => {
    const body = parseBody(services, putLimitsBodySchema, req, res);
    if (!body) return;
    const answer = await putLimits(handle, userSessionOf(res).userId, body, services.now());
    services.feed.notifyPlayer(userSessionOf(res).userId);
    res.json(answer);
  });

  router.post("/cool-off", signedIn, ownWallet, async (req, res) => {
    const body = parseBody(services, coolOffBodySchema, req, res);
    if (!body) return;
    const answer = await startCoolOff(handle, userSessionOf(res).userId, body.hours, services.now());
    await rememberExclusionOfBrowser(services, req, res, answer.exclusion);
    services.feed.notifyPlayer(userSessionOf(res).userId);
    res.json(answer);
  });

  router.post("/self-exclusion", signedIn, ownWallet, async (req, res) => {
    const body = parseBody(services, selfExclusionBodySchema, req, res);
    if (!body) return;
    const answer = await startSelfExclusion(handle, userSessionOf(res).userId, body.months, services.now());
    await rememberExclusionOfBrowser(services, req, res, answer.exclusion);
    services.feed.notifyPlayer(userSessionOf(res).userId);
    res.json(answer);
  });

  return router;
}
