/**
 * The one fetch wrapper: every REST call (player and operator) sends cookies, turns a non-2xx
 * answer into a value, and may check the answer against its protocol schema.
 */
import { type FailureCode, messageOf } from "@casino/protocol/wire/failures";
import type { z } from "zod";

/**
 * How an answer is checked: its schema, or a function that loads it (so a page's first script carries
 * no zod: answerSchemas.ts loads with the first answer that needs it).
 */
export type AnswerSchema<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

/** A failed call: HTTP status (0 when the server was unreachable), namespaced code and text. */
export type ApiFailure = { status: number; code: string; message: string; retryAfterSeconds?: number };

/** What every call returns: the parsed body, or the failure the screen can show. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

/** Options of one call: JSON body, idempotency key, operator token, extra headers, abort signal. */
export type RequestOptions = {
  body?: unknown;
  idempotencyKey?: string;
  /** The operator's bearer token (/api/security/*). */
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * The text a player reads for a failed call: the server's message alone. SPEC.md section 8 prefixed
 * the HTTP status ("409: ..."); a status code means nothing to a player, so no screen shows one.
 */
export function describeApiFailure(failure: ApiFailure): string {
  return failure.message;
}

/** Thrown only inside react-query query functions, which need a rejection to enter the error state. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly failure: ApiFailure;
  constructor(failure: ApiFailure) {
    super(describeApiFailure(failure));
    this.name = "ApiError";
    this.status = failure.status;
    this.code = failure.code;
    this.failure = failure;
  }
}

/** A failure the client names itself, with the catalogue's text. */
function clientFailure(code: FailureCode, status = 0): ApiFailure {
  return { status, code, message: messageOf(code) };
}

/** Reads the server's `{code, message}` error body, falling back to the raw text or status text. */
async function readFailure(response: Response): Promise<ApiFailure> {
  const text = await response.text().catch(() => "");
  let code = `http/${response.status}`;
  let message = text.trim() || response.statusText || "Request failed";
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object") {
      const fields = body as { code?: unknown; message?: unknown; error?: unknown };
      if (typeof fields.code === "string") code = fields.code;
      if (typeof fields.message === "string") message = fields.message;
      else if (typeof fields.error === "string") message = fields.error;
    }
  } catch {
    // Not JSON: the body text itself is the message.
  }
  const retryAfter = Number(response.headers.get("Retry-After") ?? Number.NaN);
  return Number.isFinite(retryAfter) && retryAfter >= 0
    ? { status: response.status, code, message, retryAfterSeconds: retryAfter }
    : { status: response.status, code, message };
}

/** The headers of a call. */
function headersOf(options: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  return headers;
}

/** Reads a 2xx answer's body, checked against the schema when one is given. */
async function readBody<T>(response: Response, schema?: AnswerSchema<T>): Promise<ApiResult<T>> {
  const text = response.status === 204 ? "" : await response.text();
  if (!text) return { ok: true, data: undefined as T };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, error: clientFailure("http/bad_json", response.status) };
  }
  if (!schema) return { ok: true, data: body as T };
  const parsed = (typeof schema === "function" ? await schema() : schema).safeParse(body);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, error: clientFailure("http/bad_json", response.status) };
}

/** Calls the casino's REST API and returns the body (checked by `schema` if given) or the failure, never throwing. */
export async function requestApi<T>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  options: RequestOptions = {},
  schema?: AnswerSchema<T>,
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: headersOf(options),
      credentials: "include",
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    const aborted = cause instanceof DOMException && cause.name === "AbortError";
    return { ok: false, error: clientFailure(aborted ? "http/aborted" : "http/unreachable") };
  }
  if (!response.ok) return { ok: false, error: await readFailure(response) };
  return readBody(response, schema);
}

/** Same GET for react-query query functions: resolves with the body or rejects with an ApiError. */
export async function fetchApi<T>(
  path: string,
  signal?: AbortSignal,
  options: Omit<RequestOptions, "signal" | "body"> = {},
  schema?: AnswerSchema<T>,
): Promise<T> {
  const result = await requestApi<T>("GET", path, signal ? { ...options, signal } : options, schema);
  if (!result.ok) throw new ApiError(result.error);
  return result.data;
}

/** A fresh Idempotency-Key so a retried money-moving POST never moves money twice. */
export function createIdempotencyKey(): string {
  return crypto.randomUUID();
}
