/**
 * The feed over REST, for clients without WebSockets: GET /api/bets/recent?tab=all|high|mine (the
 * rows the room sends, `mine` needs a session), and the player's privacy: GET and PUT
 * /api/bets/privacy {hidden}. A bad query or body is a 400 that reads and changes nothing.
 */
import { feedPrivacyBodySchema, feedQuerySchema } from "@casino/protocol";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { LiveFeed } from "../../floor/feed/live-feed.ts";
import type { CasinoServices } from "../../services.ts";
import { failure } from "../failures.ts";
import { refuse, userSessionOf } from "../respond.ts";
import { requireSession } from "../session.ts";

/** Routes under /api/bets. */
export function registerFeedRoutes(scope: FastifyInstance, services: CasinoServices, feed: LiveFeed): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preValidation: [requireSession(services)] };

  app.get(
    "/recent",
    { schema: { summary: "The latest bets of a feed tab", querystring: feedQuerySchema } },
    async (request, reply) => {
      const { tab } = request.query;
      const userId = request.session?.userId ?? undefined;
      if (tab === "mine" && !userId) {
        return refuse(services, request, reply, failure("auth/no_session"), {
          type: "auth_failure",
          severity: "low",
        });
      }
      const rows = await feed.read(tab, userId);
      return { tab, rows, online: feed.online.count() };
    },
  );

  app.get(
    "/privacy",
    { ...signedIn, schema: { summary: "Whether the player's bets are hidden" } },
    async (request) => ({
      hidden: await feed.isHidden(userSessionOf(request).userId),
    }),
  );

  app.put(
    "/privacy",
    { ...signedIn, schema: { summary: "Hide or show the player's bets", body: feedPrivacyBodySchema } },
    async (request) => {
      await feed.setHidden(userSessionOf(request).userId, request.body.hidden);
      return { hidden: request.body.hidden };
    },
  );
}
