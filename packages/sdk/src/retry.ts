/**
 * How a script calls the casino politely: a busy answer (429 rate limited, 503 busy or in
 * maintenance) or a lost connection is tried again after an exponential backoff with full jitter,
 * or after the server's Retry-After when it gives one, and every try of one intent (a bet, a
 * cash-out, a move) carries the same Idempotency-Key, so a retry whose first try did land is
 * answered with the first answer and moves no money twice.
 */
import { randomUUID } from "node:crypto";

/** When and how often to try again. */
export interface RetryPolicy {
  /** Tries after the first (0: never retry). */
  retries: number;
  /** The first backoff's ceiling; each further try doubles it... */
  baseMs: number;
  /** ...up to this (a Retry-After is honoured up to this too). */
  maxMs: number;
  /** Uniform [0, 1) for the jitter (seed it for a reproducible script). */
  random: () => number;
  /** Waits (tests and simulations may replace it). */
  sleep: (ms: number) => Promise<void>;
}

/** The SDK's default: 5 retries, 200 ms doubling to 10 s, Math.random jitter. */
export const DEFAULT_RETRY: RetryPolicy = {
  retries: 5,
  baseMs: 200,
  maxMs: 10_000,
  random: Math.random,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Statuses that mean "not now" rather than "no". */
const RETRYABLE = new Set([429, 503]);

/** Seconds (or an HTTP date) of a Retry-After header, in milliseconds; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The wait before try `attempt` + 1 (attempt 0 is the first retry): the server's Retry-After plus
 * a jitter of up to one base step when it gave one, else full jitter over the exponential ceiling.
 */
export function retryDelayMs(attempt: number, retryAfter: number | undefined, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** attempt);
  if (retryAfter !== undefined) return Math.min(policy.maxMs, retryAfter) + policy.random() * policy.baseMs;
  return policy.random() * ceiling;
}

/** One HTTP call as the SDK makes it. */
export interface CallRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** A new key for one intent. */
export function newIdempotencyKey(): string {
  return randomUUID();
}

/**
 * Sends a call, trying again on 429, 503 or a lost connection as the policy says; a POST carries
 * `idempotencyKey` on every try. Resolves with the last answer (a busy one when the retries ran
 * out); rejects with the last network error when no try was answered.
 */
export async function sendWithRetry(
  request: CallRequest,
  policy: RetryPolicy,
  idempotencyKey: string | undefined,
): Promise<Response> {
  const headers = { ...request.headers, ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) };
  for (let attempt = 0; ; attempt += 1) {
    let answer: Response | undefined;
    let failure: unknown;
    try {
      answer = await fetch(request.url, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
    } catch (error) {
      failure = error;
    }
    const retryable = answer === undefined || RETRYABLE.has(answer.status);
    if (!retryable || attempt >= policy.retries) {
      if (answer) return answer;
      throw failure;
    }
    const wait = retryDelayMs(
      attempt,
      answer ? retryAfterMs(answer.headers.get("retry-after")) : undefined,
      policy,
    );
    await answer?.body?.cancel();
    await policy.sleep(wait);
  }
}
