/**
 * Keeping a demo identity: GET /api/recovery (has the session's identity a key), POST
 * /api/recovery/key (issue a new key, shown once) and POST /api/recovery/restore (open a session on
 * the identity of a key, in any browser). Restore attempts are limited per source address, before
 * the body is looked at.
 */
import { restoreBodySchema } from "@casino/protocol/schemas/recovery";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { issueRecoveryKey, readRecoveryStatus, restoreIdentity } from "../../recovery/keys.ts";
import { addressBucket } from "../../security/client-address.ts";
import type { CasinoServices } from "../../services.ts";
import { takeOrRefuse } from "../rate-limit.ts";
import { clientAddress, refuse, userSessionOf } from "../respond.ts";
import { requireSession, setSessionCookie } from "../session.ts";

/** Restore attempts per source address: 5 at once, then one every 6 minutes (10 an hour). */
export const RESTORE_BUDGET = { perSecond: 10 / 3600, burst: 5 };

/** Routes registered at /api/recovery. */
export function registerRecoveryRoutes(scope: FastifyInstance, services: CasinoServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preValidation: [requireSession(services)] };
  const limitRestores = async (request: FastifyRequest, reply: FastifyReply) => {
    const source = addressBucket(clientAddress(request));
    const key = `recovery:${source}`;
    if (!(await takeOrRefuse(services, request, reply, key, RESTORE_BUDGET, "recovery attempts")))
      return reply;
  };

  app.get(
    "/",
    { ...signedIn, schema: { summary: "Whether the identity has a recovery key" } },
    async (request) => readRecoveryStatus(services.handle, userSessionOf(request)),
  );

  app.post(
    "/key",
    { ...signedIn, schema: { summary: "Issue a new recovery key (shown once)" } },
    async (request, reply) => {
      const issued = await issueRecoveryKey(services.handle, userSessionOf(request), services.now());
      if ("ok" in issued) {
        return refuse(services, request, reply, issued, { type: "invalid_input", severity: "low" });
      }
      return reply.code(201).send(issued);
    },
  );

  app.post(
    "/restore",
    {
      preValidation: [limitRestores],
      schema: { summary: "Open a session on the identity of a recovery key", body: restoreBodySchema },
    },
    async (request, reply) => {
      const previous = request.session;
      const result = await restoreIdentity(
        services.handle,
        request.body.recoveryKey,
        previous?.tokenHash,
        services.now(),
      );
      if (!result.ok) {
        return refuse(services, request, reply, result, { type: "auth_failure", severity: "medium" });
      }
      // The browser's previous session was replaced: its rooms end everywhere.
      if (previous) await services.revocations.revoke(previous.tokenHash);
      setSessionCookie(request, reply, result.token);
      return result.user;
    },
  );
}
