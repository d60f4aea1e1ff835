/**
 * A scripted player's identity: a fresh demo wallet connected over REST, and its session token,
 * sent as a bearer token on every call and room join (no cookie jar needed). Every POST is one
 * intent with its own Idempotency-Key, and busy answers are retried with the same key (retry.ts).
 */
import { randomBytes } from "node:crypto";
import { DEFAULT_RETRY, newIdempotencyKey, type RetryPolicy, sendWithRetry } from "./retry.ts";

/** What a POST may say about its intent. */
export interface PostOptions {
  /** The intent's key (default: a new one per call); give the same key to repeat one intent. */
  idempotencyKey?: string;
}

/** A connected demo player. */
export interface CasinoSession {
  baseUrl: string;
  walletAddress: string;
  userId: string;
  token: string;
  /** POSTs JSON with the session as one intent (retried with its key); resolves with the status and parsed body. */
  post<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    options?: PostOptions,
  ): Promise<{ status: number; body: T }>;
  get<T = Record<string, unknown>>(path: string): Promise<{ status: number; body: T }>;
}

/** A new demo wallet address: DEMO + 9 random uppercase letters or digits. */
export function randomDemoAddress(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return `DEMO${[...randomBytes(9)].map((b) => alphabet[b % alphabet.length]).join("")}`;
}

/** The session token the server set in its casino_session cookie. */
function sessionTokenOf(headers: Headers): string | undefined {
  for (const cookie of headers.getSetCookie()) {
    const match = /^casino_session=([^;]+)/.exec(cookie);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

/**
 * Connects a demo identity (a new one unless an address is given) to a casino at `baseUrl`; busy
 * answers are retried as `retry` says (default DEFAULT_RETRY).
 */
export async function connectDemo(
  baseUrl: string,
  walletAddress = randomDemoAddress(),
  retry: Partial<RetryPolicy> = {},
): Promise<CasinoSession> {
  const policy = { ...DEFAULT_RETRY, ...retry };
  const answer = await sendWithRetry(
    {
      url: `${baseUrl}/api/users`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ walletAddress }),
    },
    policy,
    undefined,
  );
  const user = (await answer.json()) as { id?: string };
  const token = sessionTokenOf(answer.headers);
  if (!answer.ok || !token || !user.id) throw new Error(`sdk/connect_failed: ${answer.status}`);
  const call = async <T>(method: string, path: string, body?: unknown, key?: string) => {
    const res = await sendWithRetry(
      {
        url: `${baseUrl}${path}`,
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      policy,
      key,
    );
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
  };
  return {
    baseUrl,
    walletAddress,
    userId: user.id,
    token,
    post: (path, body = {}, options = {}) =>
      call("POST", path, body, options.idempotencyKey ?? newIdempotencyKey()),
    get: (path) => call("GET", path),
  };
}
