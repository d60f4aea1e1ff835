/** Provably-fair seed endpoints under /api/game-seeds (docs/API.md "Provably fair"). */
import express, { type Router } from "express";
import { z } from "zod";
import { publicSeedInfo, rotateServerSeed, updateClientSeed } from "../../fairness/seeds.ts";
import type { CasinoServices } from "../../services.ts";
import { failure } from "../failures.ts";
import { refuse, sendFailure, userSessionOf } from "../respond.ts";
import { requireSession } from "../session.ts";
import { parseBody, walletFields } from "../validate.ts";
import { guardWallet } from "../wallet-guard.ts";

/** POST /api/game-seeds/update-client-seed body (also read by the OpenAPI document). */
export const clientSeedBody = z.object({
  ...walletFields,
  clientSeed: z.string({ error: "Please enter a client seed" }).max(1000, "Client seed is too long"),
});

const emptyBody = z.object({ ...walletFields });

/** Routes under /api/game-seeds. */
export function createSeedRoutes(services: CasinoServices): Router {
  const router = express.Router();
  const signedIn = requireSession(services);

  router.get("/current/:wallet", signedIn, guardWallet(services, "wallet"), async (_req, res) => {
    res.json(await publicSeedInfo(services.handle.db, userSessionOf(res).userId));
  });

  router.post("/update-client-seed", signedIn, guardWallet(services), async (req, res) => {
    const body = parseBody(services, clientSeedBody, req, res);
    if (!body) return;
    const updated = await updateClientSeed(services.handle, userSessionOf(res).userId, body.clientSeed);
    if (!updated.ok) {
      return refuse(services, req, res, failure("seed/invalid_client_seed", updated.message), {
        type: "invalid_input",
        severity: "low",
      });
    }
    res.json({ ok: true, clientSeed: updated.clientSeed });
  });

  router.post("/new-server-seed", signedIn, guardWallet(services), async (req, res) => {
    if (!parseBody(services, emptyBody, req, res)) return;
    const rotated = await rotateServerSeed(services.handle, userSessionOf(res).userId);
    if (!rotated.ok) return sendFailure(res, failure("seed/round_open", rotated.message));
    res.json({
      ok: true,
      previousServerSeed: rotated.previousServerSeed,
      previousServerSeedHash: rotated.previousServerSeedHash,
      previousClientSeed: rotated.previousClientSeed,
      previousNonce: rotated.previousNonce,
      serverSeedHash: rotated.serverSeedHash,
      clientSeed: rotated.clientSeed,
      nonce: rotated.nonce,
    });
  });

  return router;
}
