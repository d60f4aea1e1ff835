/** The react-query client with SPEC.md section 7's cache rules as defaults. */
import { QueryClient } from "@tanstack/react-query";

/** SPEC.md section 9 timings, in milliseconds. */
export const CACHE_TIMES = {
  statusStale: 5 * 60_000,
  transactionsStale: 30_000,
  balancePoll: 5_000,
} as const;

/** Results are never stale unless a query says so; no retries, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}
