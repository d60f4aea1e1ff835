/**
 * Starts that race other work on a shared PostgreSQL server: the migrator lists the tables of every
 * schema, which fails ("schema ... does not exist") while another test or run drops its schema.
 */

/** Runs `start` up to three times; `onRetry` hears each failure that is tried again. */
export async function retryStart<T>(start: () => Promise<T>, onRetry?: (error: unknown) => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= 3) throw error;
      onRetry?.(error);
    }
  }
}
