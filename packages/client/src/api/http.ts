/** The one fetch wrapper: every REST call sends cookies and turns a non-2xx answer into a value. */

/** A failed call: HTTP status (0 when the server was unreachable), namespaced code and text. */
export type ApiFailure = { status: number; code: string; message: string };

/** What every call returns: the parsed body, or the failure the screen can show. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

/** Options of one call: JSON body, idempotency key for money-moving POSTs, abort signal. */
export type RequestOptions = {
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
};

/** The text SPEC.md section 8 shows for a failed call: "{status}: {message}". */
export function describeApiFailure(failure: ApiFailure): string {
  return failure.status === 0 ? failure.message : `${failure.status}: ${failure.message}`;
}

/** Thrown only inside react-query query functions, which need a rejection to enter the error state. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(failure: ApiFailure) {
    super(describeApiFailure(failure));
    this.name = "ApiError";
    this.status = failure.status;
    this.code = failure.code;
  }
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
  return { status: response.status, code, message };
}

/** Calls the casino's REST API and returns the parsed body or the failure, never throwing. */
export async function requestApi<T>(
  method: "GET" | "POST" | "DELETE",
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "include",
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    const aborted = cause instanceof DOMException && cause.name === "AbortError";
    return {
      ok: false,
      error: {
        status: 0,
        code: aborted ? "http/aborted" : "http/unreachable",
        message: aborted ? "Request cancelled" : "Network error: the casino server cannot be reached",
      },
    };
  }
  if (!response.ok) return { ok: false, error: await readFailure(response) };
  if (response.status === 204) return { ok: true, data: undefined as T };
  const text = await response.text();
  if (!text) return { ok: true, data: undefined as T };
  try {
    return { ok: true, data: JSON.parse(text) as T };
  } catch {
    return {
      ok: false,
      error: { status: response.status, code: "http/bad_json", message: "Malformed response" },
    };
  }
}

/** Same call for react-query query functions: resolves with the body or rejects with an ApiError. */
export async function fetchApi<T>(path: string, signal?: AbortSignal): Promise<T> {
  const result = await requestApi<T>("GET", path, signal ? { signal } : {});
  if (!result.ok) throw new ApiError(result.error);
  return result.data;
}

/** A fresh Idempotency-Key so a retried money-moving POST never moves money twice. */
export function createIdempotencyKey(): string {
  return crypto.randomUUID();
}
