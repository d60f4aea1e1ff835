/** The casino floor (live feed, leaderboards, profile), responsible gaming and the operations routes. */
import {
  feedAnswerSchema,
  feedPrivacyAnswerSchema,
  feedPrivacyBodySchema,
  feedQuerySchema,
} from "@casino/protocol/schemas/live-feed";
import {
  coolOffBodySchema,
  putLimitsBodySchema,
  selfExclusionBodySchema,
} from "@casino/protocol/schemas/responsible";
import {
  leaderboardQuerySchema,
  leaderboardSchema,
  playerProfileSchema,
} from "@casino/protocol/schemas/standings";
import { z } from "zod";
import { tagged } from "./route-entry.ts";
import type { ApiRoute } from "./route-table.ts";

/** /healthz and /readyz answers. */
const probeSchema = z.object({ ok: z.boolean() }).loose();

/** Routes of the floor, responsible gaming and operations. */
export const FLOOR_ROUTES: ApiRoute[] = [
  tagged.floor("public", "GET /api/bets/recent", "The live feed of settled bets", {
    query: feedQuerySchema,
    response: feedAnswerSchema,
  }),
  tagged.floor("session", "GET /api/bets/privacy", "Whether the player hides from the feed", {
    response: feedPrivacyAnswerSchema,
  }),
  tagged.floor("session", "PUT /api/bets/privacy", "Hide from the feed, or show again", {
    body: { schema: feedPrivacyBodySchema, example: { hidden: true } },
    response: feedPrivacyAnswerSchema,
  }),
  tagged.floor("public", "GET /api/leaderboards", "A leaderboard by period, game, metric and currency", {
    query: leaderboardQuerySchema,
    response: leaderboardSchema,
  }),
  tagged.floor("session", "GET /api/profile", "The player's totals, per-game figures and profit curve", {
    response: playerProfileSchema,
  }),
  tagged.responsible("session", "GET /api/limits", "The player's limits, pause and exclusion"),
  tagged.responsible("session", "PUT /api/limits", "Set or remove limits (loosening waits 24 h)", {
    body: {
      schema: putLimitsBodySchema,
      example: { limits: [{ currency: "HC", kind: "loss", period: "day", amount: 500 }], sessionMinutes: 60 },
    },
  }),
  tagged.responsible("session", "POST /api/cool-off", "Pause play for 24 hours to 6 weeks", {
    body: { schema: coolOffBodySchema, example: { hours: 24 } },
    failures: ["limits/cooling_off"],
  }),
  tagged.responsible("session", "POST /api/self-exclusion", "Exclude yourself for 6 months or more", {
    body: { schema: selfExclusionBodySchema, example: { months: 6 } },
    failures: ["limits/self_excluded"],
  }),
  tagged.operations("public", "GET /healthz", "The process answers", {
    response: probeSchema,
  }),
  tagged.operations(
    "public",
    "GET /readyz",
    "Database (and Redis when configured) reachable, migrations done; 503 otherwise",
    {
      response: probeSchema,
    },
  ),
  tagged.operations("public", "GET /api/openapi.json", "This document", {
    response: z.object({ openapi: z.string() }).loose(),
  }),
  tagged.operations("public", "GET /api/docs", "The API reference page", {
    response: "text/html",
  }),
];
