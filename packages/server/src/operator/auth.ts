/**
 * Operator authentication: the login that trades the dashboard password for a bearer token, the
 * guard every other /api/security call passes, and the vault's second password. Failed passwords
 * are throttled per source (429 once over the limit, before the password is checked) and recorded
 * as security events; passwords are never logged (they travel in the body or a header, and request
 * locations drop the query string).
 */
import type { Request, RequestHandler, Response } from "express";
import { clientAddress, reportSecurityEvent, sendFailure } from "../http/respond.ts";
import { parseBody } from "../http/validate.ts";
import type { CasinoServices } from "../services.ts";
import { operatorFailure } from "./failures.ts";
import { verifyPassword } from "./passwords.ts";
import type { OperatorRuntime } from "./runtime.ts";
import { operatorLoginBodySchema } from "./schemas.ts";
import { isOperatorTokenValid, issueOperatorToken, revokeOperatorToken } from "./tokens.ts";

/** The bearer token of a request, if it carries one. */
export function bearerTokenOf(req: Request): string | undefined {
  const header = req.get("authorization");
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** Answers 429 with Retry-After when the source is over its failed-password budget; true when refused. */
async function refuseThrottled(
  runtime: OperatorRuntime,
  req: Request,
  res: Response,
  scope: "login" | "vault",
): Promise<boolean> {
  const retryAfterMs = await runtime.throttle.retryAfterMs(`${scope}:${clientAddress(req) ?? "unknown"}`);
  if (retryAfterMs === 0) return false;
  res.setHeader("Retry-After", String(Math.ceil(retryAfterMs / 1000)));
  reportSecurityEvent(runtime.services, req, {
    type: scope === "login" ? "operator_login_throttled" : "vault_access_throttled",
    severity: "high",
    details: `Too many failed ${scope === "login" ? "dashboard" : "vault"} passwords from this source`,
    rule: "operator/password-throttle",
  });
  sendFailure(res, operatorFailure("operator/too_many_attempts"));
  return true;
}

/** Counts a failed password against the source and records it. */
async function recordFailedPassword(
  runtime: OperatorRuntime,
  req: Request,
  scope: "login" | "vault",
  details: string,
) {
  await runtime.throttle.recordFailure(`${scope}:${clientAddress(req) ?? "unknown"}`);
  reportSecurityEvent(runtime.services, req, {
    type: scope === "login" ? "operator_login_failed" : "vault_access_denied",
    severity: "medium",
    details,
    rule: scope === "login" ? "operator/bad_password" : "operator/vault_password",
  });
}

/** POST /login: password in, `{token, expiresAt}` out. */
export function handleLogin(runtime: OperatorRuntime): RequestHandler {
  const { services } = runtime;
  return async (req, res) => {
    if (await refuseThrottled(runtime, req, res, "login")) return;
    if (!runtime.loginHash) return sendFailure(res, operatorFailure("operator/not_configured"));
    const body = parseBody(services, operatorLoginBodySchema, req, res);
    if (!body) return;
    if (!(await verifyPassword(body.password, runtime.loginHash))) {
      await recordFailedPassword(runtime, req, "login", "Wrong operator dashboard password");
      return sendFailure(res, operatorFailure("operator/bad_password"));
    }
    const issued = await issueOperatorToken(services.handle.db, services.now());
    services.log.info({ operator: "login" }, "operator logged in");
    res.json({ token: issued.token, expiresAt: new Date(issued.expiresAt).toISOString() });
  };
}

/** POST /logout: ends the presented token's login. */
export function handleLogout(services: CasinoServices): RequestHandler {
  return async (req, res) => {
    const token = bearerTokenOf(req);
    if (token) await revokeOperatorToken(services.handle.db, token);
    res.status(204).end();
  };
}

/** Lets a request through only with a valid bearer token (401 otherwise). */
export function requireOperator(services: CasinoServices): RequestHandler {
  return async (req, res, next) => {
    const token = bearerTokenOf(req);
    if (token && (await isOperatorTokenValid(services.handle.db, token, services.now()))) return next();
    reportSecurityEvent(services, req, {
      type: "operator_unauthorized",
      severity: "low",
      details: token ? "Expired or unknown operator token" : "Dashboard call without an operator token",
      rule: "operator/bearer",
    });
    sendFailure(res, operatorFailure("operator/unauthorized"));
  };
}

/** The vault password of a request: the X-Vault-Password header, else the spec's `password` query parameter. */
function vaultPasswordOf(req: Request): unknown {
  const header = req.get("x-vault-password");
  if (header !== undefined) return header;
  const query = req.query.password;
  return typeof query === "string" ? query : undefined;
}

/** Checks the vault password for `persona`; answers the refusal itself and returns false when denied. */
export async function admitToVault(
  runtime: OperatorRuntime,
  req: Request,
  res: Response,
  mayOpen: boolean,
): Promise<boolean> {
  if (await refuseThrottled(runtime, req, res, "vault")) return false;
  if (!runtime.vaultHash) {
    sendFailure(res, operatorFailure("operator/vault_not_configured"));
    return false;
  }
  const valid = await verifyPassword(vaultPasswordOf(req), runtime.vaultHash);
  if (!valid || !mayOpen) {
    await recordFailedPassword(
      runtime,
      req,
      "vault",
      mayOpen ? "Wrong vault password" : "Vault opening attempted through another persona",
    );
    sendFailure(res, operatorFailure("operator/vault_denied"));
    return false;
  }
  return true;
}
