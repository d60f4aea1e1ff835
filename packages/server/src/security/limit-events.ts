/**
 * Security events for refusals by the rate limits, at most one per limited key in each window, with
 * the count of refusals folded into the next one: a flood over a budget would otherwise turn every
 * refused request into a stored row and a log line (measured: a refusal then cost more server CPU
 * than the request it refused).
 */
import type { SecurityEventInput } from "./events.ts";

/** Records limit refusals through the security sink, thinned per key. */
export interface LimitEventReporter {
  /** Reports one refusal of `key` (e.g. "addr:1.2.3.4"); stored when the key's window is open. */
  report(key: string, event: SecurityEventInput): void;
}

/** How often one key's refusals are stored. */
export const LIMIT_EVENT_WINDOW_MS = 10_000;

type Window = { nextAt: number; suppressed: number };

/** A reporter over `record` (the sink's recordSecurityEvent); the clock is injectable for tests. */
export function createLimitEventReporter(
  record: (event: SecurityEventInput) => void,
  options: { windowMs?: number; now?: () => number; maxKeys?: number } = {},
): LimitEventReporter & { size(): number } {
  const windowMs = options.windowMs ?? LIMIT_EVENT_WINDOW_MS;
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  const windows = new Map<string, Window>();

  /** Forgets closed windows; under a flood of distinct keys, the oldest half as well. */
  const prune = (at: number) => {
    for (const [key, window] of windows)
      if (window.nextAt <= at && window.suppressed === 0) windows.delete(key);
    if (windows.size < maxKeys) return;
    let toDrop = Math.floor(windows.size / 2);
    for (const key of windows.keys()) {
      if (toDrop-- <= 0) break;
      windows.delete(key);
    }
  };

  return {
    report(key, event) {
      const at = now();
      const window = windows.get(key);
      if (window && at < window.nextAt) {
        window.suppressed += 1;
        return;
      }
      const earlier = window?.suppressed ?? 0;
      const details =
        earlier > 0 ? `${event.details} (${earlier} more refused before this one)` : event.details;
      if (!window && windows.size >= maxKeys) prune(at);
      windows.set(key, { nextAt: at + windowMs, suppressed: 0 });
      // The refusals thinned out count in the figures: the row stands for them too.
      record({ ...event, details, count: earlier + 1 });
    },
    size() {
      return windows.size;
    },
  };
}
