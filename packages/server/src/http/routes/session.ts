/** GET /api/session (who the cookie is) and DELETE /api/session (wallet disconnect: the session ends everywhere). */
import express, { type Router } from "express";
import { endSession } from "../../auth/sessions.ts";
import type { CasinoServices } from "../../services.ts";
import { sessionOf } from "../respond.ts";
import { clearSessionCookie } from "../session.ts";

/** Routes under /api/session. */
export function createSessionRoutes(services: CasinoServices): Router {
  const router = express.Router();

  router.get("/", (_req, res) => {
    const session = sessionOf(res);
    res.json({ walletAddress: session?.walletAddress ?? null, userId: session?.userId ?? null });
  });

  router.delete("/", async (req, res) => {
    const session = sessionOf(res);
    if (session) {
      await endSession(services.handle.db, session.tokenHash);
      await services.revocations.revoke(session.tokenHash);
    }
    clearSessionCookie(req, res);
    res.status(204).end();
  });

  return router;
}
