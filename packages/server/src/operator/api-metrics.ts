/**
 * Measured API health for the vault: the median response time of recent API requests and the
 * share answered with a 5xx. The dashboard's own polling is left out so it cannot mask the
 * players' traffic.
 */
/** What the vault shows about the API. */
export interface ApiHealth {
  /** Median duration of the last requests, in ms (null before the first one). */
  p50Ms: number | null;
  /** Requests measured since start. */
  requests: number;
  /** Of those, answered with a 5xx. */
  serverErrors: number;
  /** serverErrors / requests in percent (0 before the first request). */
  errorRate: number;
}

/** A rolling window of request durations and status counts. */
export interface ApiMetrics {
  record(durationMs: number, status: number): void;
  health(): ApiHealth;
}

/** Creates metrics keeping the last `windowSize` durations. */
export function createApiMetrics(windowSize = 1000): ApiMetrics {
  const durations: number[] = [];
  let next = 0;
  let requests = 0;
  let serverErrors = 0;
  return {
    record(durationMs, status) {
      requests += 1;
      if (status >= 500) serverErrors += 1;
      if (durations.length < windowSize) durations.push(durationMs);
      else durations[next] = durationMs;
      next = (next + 1) % windowSize;
    },
    health() {
      const sorted = [...durations].sort((a, b) => a - b);
      const middle = sorted.length === 0 ? null : (sorted[Math.floor((sorted.length - 1) / 2)] ?? null);
      return {
        p50Ms: middle === null ? null : Math.round(middle * 100) / 100,
        requests,
        serverErrors,
        errorRate: requests === 0 ? 0 : Math.round((serverErrors / requests) * 10_000) / 100,
      };
    },
  };
}

/** Paths under /api that are the dashboard itself and not measured. */
const UNMEASURED_PREFIX = "/api/security";

/** Whether a request to `url` counts in the API's health (the dashboard's own calls do not). */
export function isMeasuredApiUrl(url: string): boolean {
  return !url.startsWith(UNMEASURED_PREFIX);
}
