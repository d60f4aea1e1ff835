/**
 * The /api router: body limit and JSON parsing, rate limits (per address, then per session), the
 * session, every area's routes, then JSON 404 and the error handler.
 */
import express, { type Router } from "express";
import type { AppServices } from "../app-services.ts";
import { createCrashRoutes } from "../crash/routes.ts";
import { createFeedRoutes } from "../floor/feed/feed-routes.ts";
import { createStandingsRoutes } from "../floor/standings/routes.ts";
import { createSecurityRoutes, measureApi } from "../operator/routes.ts";
import { createRecoveryRoutes } from "../recovery/routes.ts";
import { createResponsibleRoutes } from "../responsible/routes.ts";
import { requireJsonBody } from "./content-type.ts";
import { answerNotFound, handleErrors } from "./errors.ts";
import { createGameRoutes, createPlaceBetRoutes } from "./games.ts";
import { createOpenApiRoutes } from "./openapi/docs-routes.ts";
import { createPokerRoutes } from "./poker.ts";
import { limitByAddress, limitBySession } from "./rate-limit.ts";
import { createAuthRoutes } from "./routes/auth.ts";
import { createCryptoRoutes } from "./routes/crypto.ts";
import { createHistoryRoutes } from "./routes/history.ts";
import { createSeedRoutes } from "./routes/seeds.ts";
import { createSessionRoutes } from "./routes/session.ts";
import { createTournamentRoutes } from "./routes/tournaments.ts";
import { createUserRoutes } from "./routes/users.ts";
import { loadSession } from "./session.ts";

/** Largest accepted JSON body; larger ones get 413. */
export const BODY_LIMIT = "16kb";

/** Builds the whole /api router. */
export function createApiRouter(services: AppServices): Router {
  const api = express.Router();
  api.use(measureApi(services));
  // Every API answer is no-store, refusals by the limits and the body parser included (as on the fast lane).
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  api.use(limitByAddress(services));
  api.use(requireJsonBody(services));
  api.use(express.json({ limit: BODY_LIMIT, strict: true }));
  api.use(loadSession(services));
  api.use(limitBySession(services));
  api.use("/session", createSessionRoutes(services));
  api.use("/auth", createAuthRoutes(services));
  api.use("/users", createUserRoutes(services));
  api.use("/recovery", createRecoveryRoutes(services));
  api.use("/crypto", createCryptoRoutes(services));
  api.use("/crypto", createPlaceBetRoutes(services));
  api.use("/games", createGameRoutes(services));
  api.use("/crash", createCrashRoutes(services));
  api.use("/poker/tournaments", createTournamentRoutes(services));
  api.use("/poker", createPokerRoutes(services));
  api.use("/game-seeds", createSeedRoutes(services));
  api.use("/game-sessions", createHistoryRoutes(services));
  api.use("/security", createSecurityRoutes(services));
  api.use("/bets", createFeedRoutes(services, services.feed));
  api.use(createResponsibleRoutes(services));
  api.use(createStandingsRoutes(services));
  api.use(createOpenApiRoutes());
  api.use(answerNotFound());
  api.use(handleErrors(services));
  return api;
}
