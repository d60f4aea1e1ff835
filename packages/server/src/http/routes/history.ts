/** GET /api/game-sessions/{wallet}: the player's latest rounds with what is needed to re-verify each. */
import { unitsToCoins } from "@casino/protocol";
import express, { type Router } from "express";
import { z } from "zod";
import { listRounds } from "../../rounds/history.ts";
import type { CasinoServices } from "../../services.ts";
import { userSessionOf } from "../respond.ts";
import { requireSession } from "../session.ts";
import { guardWallet } from "../wallet-guard.ts";

const limitQuery = z.coerce.number().int().min(1).max(100).catch(10);

/** Routes under /api/game-sessions. */
export function createHistoryRoutes(services: CasinoServices): Router {
  const router = express.Router();

  router.get("/:wallet", requireSession(services), guardWallet(services, "wallet"), async (req, res) => {
    const rows = await listRounds(
      services.handle.db,
      userSessionOf(res).userId,
      limitQuery.parse(req.query.limit),
    );
    res.json(
      rows.map((row) => ({
        ...row,
        betAmount: unitsToCoins(row.betAmount),
        winAmount: unitsToCoins(row.winAmount),
        createdAt: new Date(row.createdAt).toISOString(),
        settledAt: row.settledAt === null ? null : new Date(row.settledAt).toISOString(),
      })),
    );
  });

  return router;
}
