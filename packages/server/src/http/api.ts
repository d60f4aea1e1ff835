/**
 * The /api plugin: the API's part of the pipeline (pipeline.ts), every area's routes, the OpenAPI
 * document and its reference page, and the JSON 404 and error answers.
 */
import type { FastifyInstance } from "fastify";
import type { AppServices } from "../app-services.ts";
import type { ClusterForwarding } from "./cluster-forwarding.ts";
import { answerNotFound, handleErrors } from "./errors.ts";
import { registerOpenApiRoutes } from "./openapi/docs-routes.ts";
import { useApiPipeline } from "./pipeline.ts";
import { registerAuthRoutes } from "./routes/auth.ts";
import { registerCrashRoutes } from "./routes/crash.ts";
import { registerCryptoRoutes } from "./routes/crypto.ts";
import { registerFeedRoutes } from "./routes/feed.ts";
import { registerGameRoutes, registerPlaceBetRoute } from "./routes/games.ts";
import { registerHistoryRoutes } from "./routes/history.ts";
import { registerOperatorRoutes } from "./routes/operator.ts";
import { registerPokerRoutes } from "./routes/poker.ts";
import { registerRecoveryRoutes } from "./routes/recovery.ts";
import { registerResponsibleRoutes } from "./routes/responsible.ts";
import { registerSeedRoutes } from "./routes/seeds.ts";
import { registerSessionRoutes } from "./routes/session.ts";
import { registerStandingsRoutes } from "./routes/standings.ts";
import { registerTournamentRoutes } from "./routes/tournaments.ts";
import { registerUserRoutes } from "./routes/users.ts";

/** Registers the whole API on a scope mounted at /api. */
export async function registerApi(
  api: FastifyInstance,
  services: AppServices,
  trustedOrigins: readonly string[],
  forward?: ClusterForwarding,
): Promise<void> {
  useApiPipeline(api, services, trustedOrigins);
  api.setErrorHandler(handleErrors(services));
  // Unknown API paths pass the same pipeline as known ones and end in a JSON 404.
  api.all("/*", { schema: { hide: true } as never }, answerNotFound);
  const areas: [string, (scope: FastifyInstance) => void | Promise<void>][] = [
    ["/session", (s) => registerSessionRoutes(s, services)],
    ["/auth", (s) => registerAuthRoutes(s, services)],
    ["/users", (s) => registerUserRoutes(s, services)],
    ["/recovery", (s) => registerRecoveryRoutes(s, services)],
    ["/crypto", (s) => registerCryptoRoutes(s, services)],
    ["/crypto", (s) => registerPlaceBetRoute(s, services)],
    ["/games", (s) => registerGameRoutes(s, services)],
    ["/crash", (s) => registerCrashRoutes(s, services, forward ? [forward.crash] : [])],
    ["/poker/tournaments", (s) => registerTournamentRoutes(s, services)],
    ["/poker", (s) => registerPokerRoutes(s, services, forward)],
    ["/game-seeds", (s) => registerSeedRoutes(s, services)],
    ["/game-sessions", (s) => registerHistoryRoutes(s, services)],
    ["/security", (s) => registerOperatorRoutes(s, services)],
    ["/bets", (s) => registerFeedRoutes(s, services, services.feed)],
    ["", (s) => registerResponsibleRoutes(s, services)],
    ["", (s) => registerStandingsRoutes(s, services)],
    ["", (s) => registerOpenApiRoutes(s)],
  ];
  for (const [prefix, register] of areas) await api.register(async (scope) => register(scope), { prefix });
}
