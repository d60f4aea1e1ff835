/** GET /api/session (who the cookie is) and DELETE /api/session (wallet disconnect: the session ends everywhere). */
import type { FastifyInstance } from "fastify";
import { endSession } from "../../auth/sessions.ts";
import type { CasinoServices } from "../../services.ts";
import { clearSessionCookie } from "../session.ts";

/** Routes under /api/session. */
export function registerSessionRoutes(app: FastifyInstance, services: CasinoServices): void {
  app.get("/", async (request) => {
    const session = request.session;
    return { walletAddress: session?.walletAddress ?? null, userId: session?.userId ?? null };
  });

  app.delete("/", async (request, reply) => {
    const session = request.session;
    if (session) {
      await endSession(services.handle.db, session.tokenHash);
      await services.revocations.revoke(session.tokenHash);
    }
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });
}
