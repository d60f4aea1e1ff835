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
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { LiveFeed } from "../../floor/feed/live-feed.ts";
import { rememberExclusionOfBrowser } from "../../recovery/carry.ts";
import { putLimits, readLimits, startCoolOff, startSelfExclusion } from "../../responsible/service.ts";
import type { CasinoServices } from "../../services.ts";
import { ensureBrowserHash } from "../browser-cookie.ts";
import { userSessionOf } from "../respond.ts";
import { requireSession } from "../session.ts";
import { guardWallet } from "../wallet-guard.ts";

/** Routes registered at /api. */
export function registerResponsibleRoutes(
  scope: FastifyInstance,
  services: CasinoServices & { feed: Pick<LiveFeed, "notifyPlayer"> },
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const own = { preValidation: [requireSession(services), guardWallet(services)] };
  const { handle } = services;

  app.get("/limits", { ...own, schema: { summary: "The player's limits and exclusion" } }, async (request) =>
    readLimits(handle, userSessionOf(request).userId, services.now()),
  );

  app.put(
    "/limits",
    { ...own, schema: { summary: "Set limits (raises wait a day)", body: putLimitsBodySchema } },
    async (request) => {
      const { userId } = userSessionOf(request);
      const answer = await putLimits(handle, userId, request.body, services.now());
      services.feed.notifyPlayer(userId);
      return answer;
    },
  );

  app.post(
    "/cool-off",
    { ...own, schema: { summary: "Start a cool-off", body: coolOffBodySchema } },
    async (request, reply) => {
      const { userId } = userSessionOf(request);
      const answer = await startCoolOff(handle, userId, request.body.hours, services.now());
      await rememberExclusionOfBrowser(services, () => ensureBrowserHash(request, reply), answer.exclusion);
      services.feed.notifyPlayer(userId);
      return answer;
    },
  );

  app.post(
    "/self-exclusion",
    { ...own, schema: { summary: "Start a self-exclusion", body: selfExclusionBodySchema } },
    async (request, reply) => {
      const { userId } = userSessionOf(request);
      const answer = await startSelfExclusion(handle, userId, request.body.months, services.now());
      await rememberExclusionOfBrowser(services, () => ensureBrowserHash(request, reply), answer.exclusion);
      services.feed.notifyPlayer(userId);
      return answer;
    },
  );
}
