/**
 * Calls to /api/security/*: each sends the operator's bearer token and turns a non-2xx answer into
 * an ApiFailure (SPEC.md section 8: "{status}: {message}"), like the shell's requestApi.
 */
import { type ApiFailure, type ApiResult, describeApiFailure } from "../api/http.ts";

/** Options of one call. */
export type SecurityCall = {
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** Reads `{code, message}` from an error answer, else its text or status text. */
async function readFailure(response: Response): Promise<ApiFailure> {
  const text = await response.text().catch(() => "");
  let code = `http/${response.status}`;
  let message = text.trim() || response.statusText || "Request failed";
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof body.code === "string") code = body.code;
    if (typeof body.message === "string") message = body.message;
  } catch {
    // Not JSON: the text is the message.
  }
  return { status: response.status, code, message };
}

/** Calls the operator API and returns the body or the failure, never throwing. */
export async function callSecurityApi<T>(
  method: "GET" | "POST",
  path: string,
  call: SecurityCall = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: "application/json", ...call.headers };
  if (call.token) headers.Authorization = `Bearer ${call.token}`;
  if (call.body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: call.signal,
    });
  } catch {
    return {
      ok: false,
      error: {
        status: 0,
        code: "http/unreachable",
        message: "Network error: the casino server cannot be reached",
      },
    };
  }
  if (!response.ok) return { ok: false, error: await readFailure(response) };
  if (response.status === 204) return { ok: true, data: undefined as T };
  try {
    return { ok: true, data: (await response.json()) as T };
  } catch {
    return {
      ok: false,
      error: { status: response.status, code: "http/bad_json", message: "Malformed response" },
    };
  }
}

/** A failed dashboard read, carrying the HTTP status so a 401 can lock the screen. */
export class SecurityApiError extends Error {
  readonly failure: ApiFailure;
  constructor(failure: ApiFailure) {
    super(describeApiFailure(failure));
    this.name = "SecurityApiError";
    this.failure = failure;
  }
}

/** The same GET for react-query: resolves with the body or rejects with a SecurityApiError. */
export async function fetchSecurity<T>(path: string, call: SecurityCall): Promise<T> {
  const result = await callSecurityApi<T>("GET", path, call);
  if (!result.ok) throw new SecurityApiError(result.error);
  return result.data;
}

/** Paths of the operator API. */
export const securityPaths = {
  login: "/api/security/login",
  logout: "/api/security/logout",
  dom: "/api/security/dom",
  comprehensive: "/api/security/comprehensive",
  hackers: "/api/security/hackers",
  vulnerabilities: "/api/security/real-time-vulnerabilities",
  domainReport: "/api/security/domain/report",
  domainFix: "/api/security/emergency-domain-fix",
  timeline: (minutes: number) => `/api/security/timeline?minutes=${minutes}`,
  personaStats: (persona: string) => `/api/security/${encodeURIComponent(persona)}/stats`,
  vault: (persona: string) => `/api/security/${encodeURIComponent(persona)}/vault`,
  resolve: (id: number) => `/api/security/events/${id}/resolve`,
  ledgerFullCheck: "/api/security/ledger/full-check",
} as const;
