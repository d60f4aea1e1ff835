/** When a PostgreSQL transaction is tried again: serialization failures and deadlocks, a few times, spread out. */

/** How many times a PostgreSQL transaction is tried before its error is thrown. */
export const MAX_TRANSACTION_ATTEMPTS = 8;

/** PostgreSQL error codes worth a retry: serialization failure and deadlock. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40001" || code === "40P01";
}

/** Waits a little, more after each failed attempt, with jitter so retries spread out. */
export function backOff(attempt: number): Promise<void> {
  const ms = Math.min(50, 2 ** attempt) * (0.5 + Math.random());
  return new Promise((resolve) => setTimeout(resolve, ms));
}
