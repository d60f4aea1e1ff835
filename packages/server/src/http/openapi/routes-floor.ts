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
import type { ApiRoute } from "./route-table.ts";

/** /healthz and /readyz answers. */
const probeSchema = z.object({ ok: z.boolean() }).loose();

/** Routes of the floor, responsible gaming and operations. */
export const FLOOR_ROUTES: ApiRoute[] = [
  {
    method: "get",
    path: "/api/bets/recent",
    tag: "floor",
    summary: "The live feed of settled bets",
    access: "public",
    query: feedQuerySchema,
    response: feedAnswerSchema,
    failures: [],
  },
  {
    method: "get",
    path: "/api/bets/privacy",
    tag: "floor",
    summary: "Whether the player hides from the feed",
    access: "session",
    response: feedPrivacyAnswerSchema,
    failures: ["auth/no_session"],
  },
  {
    method: "put",
    path: "/api/bets/privacy",
    tag: "floor",
    summary: "Hide from the feed, or show again",
    access: "session",
    body: { schema: feedPrivacyBodySchema, example: { hidden: true } },
    response: feedPrivacyAnswerSchema,
    failures: ["auth/no_session"],
  },
  {
    method: "get",
    path: "/api/leaderboards",
    tag: "floor",
    summary: "A leaderboard by period, game, metric and currency",
    access: "public",
    query: leaderboardQuerySchema,
    response: leaderboardSchema,
    failures: [],
  },
  {
    method: "get",
    path: "/api/profile",
    tag: "floor",
    summary: "The player's totals, per-game figures and profit curve",
    access: "session",
    response: playerProfileSchema,
    failures: ["auth/no_session"],
  },
  {
    method: "get",
    path: "/api/limits",
    tag: "responsible",
    summary: "The player's limits, pause and exclusion",
    access: "session",
    failures: ["auth/no_session"],
  },
  {
    method: "put",
    path: "/api/limits",
    tag: "responsible",
    summary: "Set or remove limits (loosening waits 24 h)",
    access: "session",
    body: {
      schema: putLimitsBodySchema,
      example: { limits: [{ currency: "HC", kind: "loss", period: "day", amount: 500 }], sessionMinutes: 60 },
    },
    failures: ["auth/no_session"],
  },
  {
    method: "post",
    path: "/api/cool-off",
    tag: "responsible",
    summary: "Pause play for 24 hours to 6 weeks",
    access: "session",
    body: { schema: coolOffBodySchema, example: { hours: 24 } },
    failures: ["auth/no_session", "limits/cooling_off"],
  },
  {
    method: "post",
    path: "/api/self-exclusion",
    tag: "responsible",
    summary: "Exclude yourself for 6 months or more",
    access: "session",
    body: { schema: selfExclusionBodySchema, example: { months: 6 } },
    failures: ["auth/no_session", "limits/self_excluded"],
  },
  {
    method: "get",
    path: "/healthz",
    tag: "operations",
    summary: "The process answers",
    access: "public",
    response: probeSchema,
    failures: [],
  },
  {
    method: "get",
    path: "/readyz",
    tag: "operations",
    summary: "Database (and Redis when configured) reachable, migrations done; 503 otherwise",
    access: "public",
    response: probeSchema,
    failures: [],
  },
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "operations",
    summary: "This document",
    access: "public",
    response: z.object({ openapi: z.string() }).loose(),
    failures: [],
  },
  {
    method: "get",
    path: "/api/docs",
    tag: "operations",
    summary: "The API reference page",
    access: "public",
    response: "text/html",
    failures: [],
  },
];
