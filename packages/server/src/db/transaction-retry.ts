/** When a PostgreSQL transaction is tried again: serialization failures and deadlocks, a few times, spread out. */

/** How many times a PostgreSQL transaction is tried before its error is thrown. */
export const MAX_TRANSACTION_ATTEMPTS = 8;

/**
 * The SQLSTATE `require_unchanged(ok)` raises (migration 0720): a statement built on what the
 * process remembered (a one-trip bet's seed and nonce) found it changed, and failed whole.
 */
export const STALE_GUESS_CODE = "CA001";

/** PostgreSQL error codes worth a retry: serialization failure, deadlock and a stale guess. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40001" || code === "40P01" || code === STALE_GUESS_CODE;
}

/** Waits a little, more after each failed attempt, with jitter so retries spread out. */
export function backOff(attempt: number): Promise<void> {
  const ms = Math.min(50, 2 ** attempt) * (0.5 + Math.random());
  return new Promise((resolve) => setTimeout(resolve, ms));
}
