/**
 * Calls to /api/security/*: each sends the operator's bearer token through the shell's one fetch
 * wrapper, so a non-2xx answer is an ApiFailure (SPEC.md section 8: "{status}: {message}").
 */
import { ApiError, type ApiResult, fetchApi, requestApi } from "../api/http.ts";

/** Options of one call. */
export type SecurityCall = {
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** Calls the operator API and returns the body or the failure, never throwing. */
export function callSecurityApi<T>(
  method: "GET" | "POST",
  path: string,
  call: SecurityCall = {},
): Promise<ApiResult<T>> {
  return requestApi<T>(method, path, call);
}

/** A failed dashboard read, carrying the failure (and its HTTP status, so a 401 can lock the screen). */
export const SecurityApiError = ApiError;
export type SecurityApiError = ApiError;

/** The same GET for react-query: resolves with the body or rejects with a SecurityApiError. */
export function fetchSecurity<T>(path: string, { signal, ...call }: SecurityCall): Promise<T> {
  return fetchApi<T>(path, signal, call);
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
