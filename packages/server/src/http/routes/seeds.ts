/** Provably-fair seed endpoints under /api/game-seeds (docs/API.md "Provably fair"). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicSeedInfo, rotateServerSeed, updateClientSeed } from "../../fairness/seeds.ts";
import type { CasinoServices } from "../../services.ts";
import { failure } from "../failures.ts";
import { refuse, sendFailure, userSessionOf } from "../respond.ts";
import { requireSession } from "../session.ts";
import { walletFields } from "../validate.ts";
import { guardWallet } from "../wallet-guard.ts";

/** POST /api/game-seeds/update-client-seed body. */
export const clientSeedBody = z.object({
  ...walletFields,
  clientSeed: z.string({ error: "Please enter a client seed" }).max(1000, "Client seed is too long"),
});

const emptyBody = z.object({ ...walletFields });

/** Routes under /api/game-seeds. */
export function registerSeedRoutes(scope: FastifyInstance, services: CasinoServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireSession(services);
  const ownBody = { preValidation: [signedIn, guardWallet(services)] };

  app.get(
    "/current/:wallet",
    {
      schema: { summary: "The player's seed pair and nonce", params: z.object({ wallet: z.string() }) },
      preValidation: [signedIn, guardWallet(services, "wallet")],
    },
    async (request) => publicSeedInfo(services.handle.db, userSessionOf(request).userId),
  );

  app.post(
    "/update-client-seed",
    { ...ownBody, schema: { summary: "Choose the client seed", body: clientSeedBody } },
    async (request, reply) => {
      const updated = await updateClientSeed(
        services.handle,
        userSessionOf(request).userId,
        request.body.clientSeed,
      );
      if (!updated.ok) {
        return refuse(services, request, reply, failure("seed/invalid_client_seed", updated.message), {
          type: "invalid_input",
          severity: "low",
        });
      }
      return { ok: true, clientSeed: updated.clientSeed };
    },
  );

  app.post(
    "/new-server-seed",
    { ...ownBody, schema: { summary: "Reveal the server seed and start a new one", body: emptyBody } },
    async (request, reply) => {
      const rotated = await rotateServerSeed(services.handle, userSessionOf(request).userId);
      if (!rotated.ok) return sendFailure(reply, failure("seed/round_open", rotated.message));
      return {
        ok: true,
        previousServerSeed: rotated.previousServerSeed,
        previousServerSeedHash: rotated.previousServerSeedHash,
        previousClientSeed: rotated.previousClientSeed,
        previousNonce: rotated.previousNonce,
        serverSeedHash: rotated.serverSeedHash,
        clientSeed: rotated.clientSeed,
        nonce: rotated.nonce,
      };
    },
  );
}
