/** When the dashboard polls: only while unlocked, and never from a hidden tab. */
import { POLL_INTERVAL_MS } from "./securityTexts.ts";

/** The react-query options of a dashboard read for the current lock state. */
export function describePolling(unlocked: boolean, intervalMs: number = POLL_INTERVAL_MS) {
  return {
    enabled: unlocked,
    refetchInterval: unlocked ? intervalMs : (false as const),
    refetchIntervalInBackground: false,
    staleTime: 0,
  };
}
