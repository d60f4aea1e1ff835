/**
 * The Sit & Go REST paths under /api/poker/tournaments: the list (open, running and recently
 * finished), one tournament, register (buy-in + fee) and unregister (refunded exactly). The table
 * itself is played through the usual `poker_table` room and table routes with its `tableId`.
 */
import { tournamentRegisterBodySchema } from "@casino/protocol/schemas/tournament";
import express, { type Router } from "express";
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
import { parseBody } from "../validate.ts";

/** Routes under /api/poker/tournaments. */
export function createTournamentRoutes(services: AppServices): Router {
  const router = express.Router();
  const signedIn = requireSession(services);
  const { db } = services.handle;

  router.get("/", async (_req, res) => {
    const live = await listTournamentsIn(db, ["registering", "running"]);
    const done = await listFinishedTournaments(db, 10);
    const now = services.now();
    const views = await Promise.all(
      [...live, ...done].map(async (t) => viewTournament(t, await listEntries(db, t.id), now)),
    );
    res.json({ tournaments: views });
  });

  router.get("/:id", async (req, res) => {
    const t = await findTournament(db, String(req.params.id));
    if (!t)
      return sendFailure(res, {
        ok: false,
        status: 404,
        code: "tournament/not_found",
        message: "Tournament not found",
      });
    res.json(viewTournament(t, await listEntries(db, t.id), services.now()));
  });

  router.post("/:id/register", signedIn, async (req, res) => {
    const body = parseBody(services, tournamentRegisterBodySchema, req, res);
    if (!body) return;
    const { userId } = userSessionOf(res);
    const user = await findUser(db, userId);
    const { clientSeed } = await publicSeedInfo(db, userId);
    const name = body.playerName ?? user?.username ?? "Anonymous";
    const result = await services.tournaments.register(String(req.params.id), { userId, name, clientSeed });
    if (!result.ok) return sendFailure(res, result);
    const t = await findTournament(db, String(req.params.id));
    res.json(t ? viewTournament(t, await listEntries(db, t.id), services.now()) : {});
  });

  router.delete("/:id/register", signedIn, async (req, res) => {
    const { userId } = userSessionOf(res);
    const result = await services.tournaments.unregister(String(req.params.id), userId);
    if (!result.ok) return sendFailure(res, result);
    const t = await findTournament(db, String(req.params.id));
    res.json(t ? viewTournament(t, await listEntries(db, t.id), services.now()) : {});
  });

  return router;
}
