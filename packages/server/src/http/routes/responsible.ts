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
import type { z } from "zod";
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

  /** A pause the player starts: kept with the browser too, so a new identity there starts paused. */
  const pauseRoute = <S extends typeof coolOffBodySchema | typeof selfExclusionBodySchema>(
    path: string,
    summary: string,
    body: S,
    start: (userId: string, input: z.output<S>) => ReturnType<typeof startCoolOff>,
  ) =>
    app.post(path, { ...own, schema: { summary, body } }, async (request, reply) => {
      const { userId } = userSessionOf(request);
      const answer = await start(userId, request.body as z.output<S>);
      await rememberExclusionOfBrowser(services, () => ensureBrowserHash(request, reply), answer.exclusion);
      services.feed.notifyPlayer(userId);
      return answer;
    });

  pauseRoute("/cool-off", "Start a cool-off", coolOffBodySchema, (userId, input) =>
    startCoolOff(handle, userId, input.hours, services.now()),
  );
  pauseRoute("/self-exclusion", "Start a self-exclusion", selfExclusionBodySchema, (userId, input) =>
    startSelfExclusion(handle, userId, input.months, services.now()),
  );
}
