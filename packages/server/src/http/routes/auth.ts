/** POST /api/auth/challenge: the one-time text a real wallet signs before it may connect. */
import express, { type Router } from "express";
import { z } from "zod";
import { issueChallenge } from "../../auth/challenges.ts";
import { classifyWallet } from "../../auth/identity.ts";
import type { CasinoServices } from "../../services.ts";
import { failure } from "../failures.ts";
import { refuse } from "../respond.ts";
import { parseBody } from "../validate.ts";

/** POST /api/auth/challenge body (also read by the OpenAPI document). */
export const challengeBody = z.object({
  walletAddress: z
    .string({ error: "Invalid wallet address format" })
    .max(100, "Invalid wallet address format"),
});

/** Routes under /api/auth. */
export function createAuthRoutes(services: CasinoServices): Router {
  const router = express.Router();

  router.post("/challenge", async (req, res) => {
    const body = parseBody(services, challengeBody, req, res);
    if (!body) return;
    const kind = classifyWallet(body.walletAddress);
    if (!kind.ok) {
      return refuse(services, req, res, failure("auth/invalid_address"), {
        type: "invalid_input",
        severity: "low",
      });
    }
    if (kind.kind !== "algorand") {
      return refuse(services, req, res, failure("auth/not_algorand"), {
        type: "invalid_input",
        severity: "low",
      });
    }
    const issued = await issueChallenge(services.handle.db, body.walletAddress, services.now());
    res.json({
      challengeId: issued.challengeId,
      challenge: issued.challenge,
      expiresAt: new Date(issued.expiresAt).toISOString(),
    });
  });

  return router;
}
