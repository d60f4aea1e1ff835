/** POST /api/auth/challenge: the one-time text a real wallet signs before it may connect. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { issueChallenge } from "../../auth/challenges.ts";
import { classifyWallet } from "../../auth/identity.ts";
import type { CasinoServices } from "../../services.ts";
import { failure } from "../failures.ts";
import { refuse } from "../respond.ts";

/** POST /api/auth/challenge body. */
export const challengeBody = z.object({
  walletAddress: z
    .string({ error: "Invalid wallet address format" })
    .max(100, "Invalid wallet address format"),
});

/** Routes under /api/auth. */
export function registerAuthRoutes(scope: FastifyInstance, services: CasinoServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/challenge",
    { schema: { summary: "The text a wallet signs to connect", body: challengeBody } },
    async (request, reply) => {
      const body = request.body;
      const kind = classifyWallet(body.walletAddress);
      if (!kind.ok) {
        return refuse(services, request, reply, failure("auth/invalid_address"), {
          type: "invalid_input",
          severity: "low",
        });
      }
      if (kind.kind !== "algorand") {
        return refuse(services, request, reply, failure("auth/not_algorand"), {
          type: "invalid_input",
          severity: "low",
        });
      }
      const issued = await issueChallenge(services.handle.db, body.walletAddress, services.now());
      return {
        challengeId: issued.challengeId,
        challenge: issued.challenge,
        expiresAt: new Date(issued.expiresAt).toISOString(),
      };
    },
  );
}
