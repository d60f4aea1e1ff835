/**
 * Operator authentication: the login that trades the dashboard password for a bearer token, the
 * guard every other /api/security call passes, and the vault's second password. Every password
 * attempt is reserved in the throttle (operator/throttle.ts: per source, the address behind the
 * configured proxy hops only; and per account) before it is hashed, so over a budget the answer is
 * 429 with Retry-After and nothing is hashed; a right password takes its attempt back. Failures are
 * recorded as security events, refusals thinned per source; passwords are never logged (they travel
 * in the body or a header, and request locations drop the query string).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { SlotsBusyError } from "../operator/check-slots.ts";
import { operatorFailure } from "../operator/failures.ts";
import { verifyPassword } from "../operator/passwords.ts";
import type { OperatorRuntime } from "../operator/runtime.ts";
import type { PasswordAttempt } from "../operator/throttle.ts";
import { isOperatorTokenValid, issueOperatorToken, revokeOperatorToken } from "../operator/tokens.ts";
import { addressBucket } from "../security/client-address.ts";
import type { CasinoServices } from "../services.ts";
import { clientAddress, reportSecurityEvent, requestLocation, sendFailure } from "./respond.ts";

/** The bearer token of a request, if it carries one. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

type Scope = "login" | "vault";

/** Answers 429 with Retry-After and records the refusal (at most one event per source and window). */
function refuseAttempt(
  runtime: OperatorRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: Scope,
  refusal: { retryAfterMs: number; details: string; key: string },
): void {
  reply.header("Retry-After", String(Math.max(1, Math.ceil(refusal.retryAfterMs / 1000))));
  runtime.services.limitEvents.report(refusal.key, {
    type: scope === "login" ? "operator_login_throttled" : "vault_access_throttled",
    severity: "high",
    location: requestLocation(request),
    details: refusal.details,
    source: clientAddress(request),
    blocked: true,
    rule: "operator/password-throttle",
  });
  sendFailure(reply, operatorFailure("operator/too_many_attempts"));
}

/**
 * Reserves a password attempt of the request's source before anything is hashed; over a budget
 * answers 429 itself and resolves undefined.
 */
async function beginAttempt(
  runtime: OperatorRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: Scope,
): Promise<PasswordAttempt | undefined> {
  const source = addressBucket(clientAddress(request));
  const decision = await runtime.throttle.begin(scope, source);
  if (decision.ok) return decision.attempt;
  const what = scope === "login" ? "dashboard" : "vault";
  refuseAttempt(runtime, request, reply, scope, {
    retryAfterMs: decision.retryAfterMs,
    key: `operator-${scope}:${decision.by === "source" ? source : "account"}`,
    details:
      decision.by === "source"
        ? `Too many failed ${what} passwords from this source`
        : `Too many failed ${what} passwords from all sources: attempts are spaced out`,
  });
  return undefined;
}

/**
 * Checks a password inside a reserved attempt and settles the attempt; resolves undefined (after
 * answering 429) when too many checks are already waiting in this process.
 */
async function checkPassword(
  runtime: OperatorRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: Scope,
  check: { candidate: unknown; hash: string; mayOpen?: boolean },
): Promise<boolean | undefined> {
  const attempt = await beginAttempt(runtime, request, reply, scope);
  if (!attempt) return undefined;
  let valid: boolean;
  try {
    valid = (await verifyPassword(check.candidate, check.hash)) && check.mayOpen !== false;
  } catch (error) {
    if (!(error instanceof SlotsBusyError)) throw error;
    await attempt.settle(true); // never checked: not a failure
    refuseAttempt(runtime, request, reply, scope, {
      retryAfterMs: 1000,
      key: `operator-${scope}:busy`,
      details: "Too many password checks at once: refused before hashing",
    });
    return undefined;
  }
  await attempt.settle(valid);
  return valid;
}

/** Records a failed password (its attempt stays counted in the throttle). */
function recordFailedPassword(
  runtime: OperatorRuntime,
  request: FastifyRequest,
  scope: Scope,
  details: string,
) {
  reportSecurityEvent(runtime.services, request, {
    type: scope === "login" ? "operator_login_failed" : "vault_access_denied",
    severity: "medium",
    details,
    rule: scope === "login" ? "operator/bad_password" : "operator/vault_password",
  });
}

/** A hook of POST /login: refuses while no dashboard password is configured (before the body is looked at). */
export function requireLoginConfigured(runtime: OperatorRuntime) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!runtime.loginHash) return sendFailure(reply, operatorFailure("operator/not_configured"));
  };
}

/** POST /login (after its body is validated): password in, `{token, expiresAt}` out. */
export async function logIn(
  runtime: OperatorRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  password: string,
): Promise<FastifyReply> {
  const { services } = runtime;
  const valid = await checkPassword(runtime, request, reply, "login", {
    candidate: password,
    hash: runtime.loginHash ?? "",
  });
  if (valid === undefined) return reply;
  if (!valid) {
    recordFailedPassword(runtime, request, "login", "Wrong operator dashboard password");
    return sendFailure(reply, operatorFailure("operator/bad_password"));
  }
  const issued = await issueOperatorToken(services.handle.db, services.now());
  services.log.info({ operator: "login" }, "operator logged in");
  return reply.send({ token: issued.token, expiresAt: new Date(issued.expiresAt).toISOString() });
}

/** POST /logout: ends the presented token's login. */
export async function logOut(services: CasinoServices, request: FastifyRequest, reply: FastifyReply) {
  const token = bearerTokenOf(request);
  if (token) await revokeOperatorToken(services.handle.db, token);
  return reply.code(204).send();
}

/**
 * Whether a request's operator token is valid; when it is not, records the refusal of `what` (the
 * kind of call, for the event's details) and returns false.
 */
export async function admitOperatorToken(
  services: CasinoServices,
  request: FastifyRequest,
  token: string | undefined,
  what: string,
): Promise<boolean> {
  if (token && (await isOperatorTokenValid(services.handle.db, token, services.now()))) return true;
  reportSecurityEvent(services, request, {
    type: "operator_unauthorized",
    severity: "low",
    details: token ? "Expired or unknown operator token" : `${what} without an operator token`,
    rule: "operator/bearer",
  });
  return false;
}

/** A hook letting a request through only with a valid bearer token (401 otherwise). */
export function requireOperator(services: CasinoServices) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (await admitOperatorToken(services, request, bearerTokenOf(request), "Dashboard call")) return;
    return sendFailure(reply, operatorFailure("operator/unauthorized"));
  };
}

/** The vault password of a request: the X-Vault-Password header, else the spec's `password` query parameter. */
function vaultPasswordOf(request: FastifyRequest): unknown {
  const header = request.headers["x-vault-password"];
  if (header !== undefined) return header;
  const query = (request.query as Record<string, unknown>).password;
  return typeof query === "string" ? query : undefined;
}

/** Checks the vault password for `persona`; answers the refusal itself and returns false when denied. */
export async function admitToVault(
  runtime: OperatorRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  mayOpen: boolean,
): Promise<boolean> {
  if (!runtime.vaultHash) {
    sendFailure(reply, operatorFailure("operator/vault_not_configured"));
    return false;
  }
  const valid = await checkPassword(runtime, request, reply, "vault", {
    candidate: vaultPasswordOf(request),
    hash: runtime.vaultHash,
    mayOpen,
  });
  if (valid === undefined) return false;
  if (!valid) {
    recordFailedPassword(
      runtime,
      request,
      "vault",
      mayOpen ? "Wrong vault password" : "Vault opening attempted through another persona",
    );
    sendFailure(reply, operatorFailure("operator/vault_denied"));
    return false;
  }
  return true;
}
