/**
 * Keeping a demo identity: GET /api/recovery (has the session's identity a key), POST
 * /api/recovery/key (issue a new key, shown once) and POST /api/recovery/restore (open a session on
 * the identity of a key, in any browser). Restore attempts are limited per source address.
 */
import { restoreBodySchema } from "@casino/protocol/schemas/recovery";
import express, { type Router } from "express";
import { takeOrRefuse } from "../http/rate-limit.ts";
import { clientAddress, refuse, sessionOf, userSessionOf } from "../http/respond.ts";
import { requireSession, setSessionCookie } from "../http/session.ts";
import { parseBody } from "../http/validate.ts";
import { addressBucket } from "../security/client-address.ts";
import type { CasinoServices } from "../services.ts";
import { issueRecoveryKey, readRecoveryStatus, restoreIdentity } from "./keys.ts";

/** Restore attempts per source address: 5 at once, then one every 6 minutes (10 an hour). */
export const RESTORE_BUDGET = { perSecond: 10 / 3600, burst: 5 };

/** Routes mounted at /api/recovery. */
export function createRecoveryRoutes(services: CasinoServices): Router {
  const router = express.Router();

  router.get("/", requireSession(services), async (_req, res) => {
    res.json(await readRecoveryStatus(services.handle, userSessionOf(res)));
  });

  router.post("/key", requireSession(services), async (req, res) => {
    const issued = await issueRecoveryKey(services.handle, userSessionOf(res), services.now());
    if ("ok" in issued) {
      return refuse(services, req, res, issued, { type: "invalid_input", severity: "low" });
    }
    res.status(201).json(issued);
  });

  router.post("/restore", async (req, res) => {
    const source = addressBucket(clientAddress(req));
    const size = RESTORE_BUDGET;
    if (!(await takeOrRefuse(services, req, res, `recovery:${source}`, size, "recovery attempts"))) return;
    const body = parseBody(services, restoreBodySchema, req, res);
    if (!body) return;
    const previous = sessionOf(res);
    const result = await restoreIdentity(
      services.handle,
      body.recoveryKey,
      previous?.tokenHash,
      services.now(),
    );
    if (!result.ok) {
      return refuse(services, req, res, result, { type: "auth_failure", severity: "medium" });
    }
    // The browser's previous session was replaced: its rooms end everywhere.
    if (previous) await services.revocations.revoke(previous.tokenHash);
    setSessionCookie(req, res, result.token);
    res.json(result.user);
  });

  return router;
}
