/**
 * The Sit & Go REST paths under /api/poker/tournaments: the list (open, running and recently
 * finished), one tournament, register (buy-in + fee) and unregister (refunded exactly). The table
 * itself is played through the usual `poker_table` room and table routes with its `tableId`.
 */
import { tournamentRegisterBodySchema } from "@casino/protocol/schemas/tournament";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppServices } from "../../app-services.ts";
import { publicSeedInfo } from "../../fairness/seeds.ts";
import {
  findTournament,
  listEntries,
  listFinishedTournaments,
  listTournamentsIn,
} from "../../poker/tournament/store.ts";
import { viewTournament } from "../../poker/tournament/view.ts";
import { findUser } from "../../users/users.ts";
import { sendFailure, userSessionOf } from "../respond.ts";
import { requireSession } from "../session.ts";

const byId = z.object({ id: z.string() });

/** Routes under /api/poker/tournaments. */
export function registerTournamentRoutes(scope: FastifyInstance, services: AppServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireSession(services);
  const { db } = services.handle;
  const view = async (id: string) => {
    const t = await findTournament(db, id);
    return t ? viewTournament(t, await listEntries(db, t.id), services.now()) : {};
  };

  app.get("/", { schema: { summary: "Open, running and recently finished Sit & Gos" } }, async () => {
    const live = await listTournamentsIn(db, ["registering", "running"]);
    const done = await listFinishedTournaments(db, 10);
    const now = services.now();
    const views = await Promise.all(
      [...live, ...done].map(async (t) => viewTournament(t, await listEntries(db, t.id), now)),
    );
    return { tournaments: views };
  });

  app.get("/:id", { schema: { summary: "One tournament", params: byId } }, async (request, reply) => {
    const t = await findTournament(db, request.params.id);
    if (!t)
      return sendFailure(reply, {
        ok: false,
        status: 404,
        code: "tournament/not_found",
        message: "Tournament not found",
      });
    return viewTournament(t, await listEntries(db, t.id), services.now());
  });

  app.post(
    "/:id/register",
    {
      schema: { summary: "Register (buy-in + fee)", params: byId, body: tournamentRegisterBodySchema },
      preValidation: [signedIn],
    },
    async (request, reply) => {
      const { userId } = userSessionOf(request);
      const user = await findUser(db, userId);
      const { clientSeed } = await publicSeedInfo(db, userId);
      const name = request.body.playerName ?? user?.username ?? "Anonymous";
      const result = await services.tournaments.register(request.params.id, { userId, name, clientSeed });
      if (!result.ok) return sendFailure(reply, result);
      return view(request.params.id);
    },
  );

  app.delete(
    "/:id/register",
    { schema: { summary: "Unregister (refunded exactly)", params: byId }, preValidation: [signedIn] },
    async (request, reply) => {
      const { userId } = userSessionOf(request);
      const result = await services.tournaments.unregister(request.params.id, userId);
      if (!result.ok) return sendFailure(reply, result);
      return view(request.params.id);
    },
  );
}
