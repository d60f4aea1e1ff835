/** POST /api/users (connect a wallet, open the session) and GET /api/users/{walletOrUserId} (own user only). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { classifyWallet } from "../../auth/identity.ts";
import { admitFaucet } from "../../chain/faucet.ts";
import { carryExclusionOfBrowser } from "../../recovery/carry.ts";
import type { CasinoServices } from "../../services.ts";
import { connectWallet } from "../../users/connect.ts";
import { normalizeUsername, USERNAME } from "../../users/usernames.ts";
import { findUser, viewUser } from "../../users/users.ts";
import { browserHashOfRequest } from "../browser-cookie.ts";
import { failure } from "../failures.ts";
import { admitNewIdentity } from "../rate-limit.ts";
import { clientAddress, refuse, requestLocation, sendFailure, userSessionOf } from "../respond.ts";
import { requireSession, setSessionCookie } from "../session.ts";
import { guardWallet } from "../wallet-guard.ts";

/** POST /api/users body. */
export const connectBody = z.object({
  walletAddress: z
    .string({ error: "Invalid wallet address format" })
    .max(100, "Invalid wallet address format"),
  username: z
    .string()
    .max(200, "username must be 3 to 24 letters, digits, _ or -")
    .refine(
      (name) => USERNAME.test(normalizeUsername(name)),
      "username must be 3 to 24 letters, digits, _ or -",
    )
    .optional(),
  challengeId: z.string().max(100).optional(),
  signature: z.string().max(200).optional(),
  signedTransaction: z.string().max(4000).optional(),
});

/** Security-event kind and severity of each way a connect can be refused. */
function eventFor(code: string) {
  if (code === "auth/invalid_address" || code.startsWith("user/username_")) {
    return { type: "invalid_input", severity: "low" } as const;
  }
  if (code === "auth/demo_taken") return { type: "wallet_mismatch", severity: "high" } as const;
  return { type: "auth_failure", severity: "medium" } as const;
}

/** Whether a user with this wallet exists (connecting it again creates no identity, so it is not capped). */
async function walletExists(services: CasinoServices, walletAddress: string): Promise<boolean> {
  const row = await services.handle.db
    .selectFrom("users")
    .select("id")
    .where("wallet_address", "=", walletAddress)
    .executeTakeFirst();
  return row !== undefined;
}

/** Routes under /api/users. */
export function registerUserRoutes(scope: FastifyInstance, services: CasinoServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/",
    { schema: { summary: "Connect a wallet and open its session", body: connectBody } },
    async (request, reply) => {
      const body = request.body;
      const creates =
        classifyWallet(body.walletAddress).ok && !(await walletExists(services, body.walletAddress));
      if (creates && !(await admitNewIdentity(services, request, reply))) return reply;
      const previous = request.session;
      // A new wallet gets demo AMINA only within its source's and the casino's faucet release (asked
      // once its proof holds, so refused connects spend none of it).
      const faucet = async () =>
        creates &&
        (await admitFaucet(services, { source: clientAddress(request), location: requestLocation(request) }))
          .granted;
      const result = await connectWallet(services, body, previous, { faucet });
      if (!result.ok) {
        return refuse(services, request, reply, result, {
          ...eventFor(result.code),
          details: result.details,
        });
      }
      // The new session replaced the browser's previous one: that one's rooms end everywhere.
      if (previous) await services.revocations.revoke(previous.tokenHash);
      if (result.created)
        await carryExclusionOfBrowser(services, browserHashOfRequest(request), result.user.id);
      setSessionCookie(request, reply, result.token);
      return reply.code(result.created ? 201 : 200).send(result.user);
    },
  );

  app.get(
    "/:walletOrUserId",
    {
      schema: { summary: "The session's own user", params: z.object({ walletOrUserId: z.string() }) },
      preValidation: [requireSession(services), guardWallet(services, "walletOrUserId")],
    },
    async (request, reply) => {
      const session = userSessionOf(request);
      const user = await findUser(services.handle.db, session.userId);
      if (!user) return sendFailure(reply, failure("user/not_found"));
      return viewUser(services.handle.db, user);
    },
  );
}
