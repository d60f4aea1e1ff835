/**
 * Watches the operator's maintenance switch for a room: reads this process's cached switch
 * (games/maintenance.ts, about one query a second per process) every WATCH_MS and calls `onChange`
 * when it flips, so every open page hears of it without asking.
 */
import type { MaintenanceCheck } from "../../games/maintenance.ts";

/** How often the switch is looked at. */
export const MAINTENANCE_WATCH_MS = 1_000;

/** Starts watching; returns the function that stops. `onChange` also hears the first reading. */
export function watchMaintenance(check: MaintenanceCheck, onChange: (on: boolean) => void): () => void {
  let last: boolean | undefined;
  let stopped = false;
  const look = () => {
    check.isMaintenanceMode().then(
      (on) => {
        if (stopped || on === last) return;
        last = on;
        onChange(on);
      },
      () => undefined, // a failed read keeps the last known state; the next look tries again
    );
  };
  look();
  const timer = setInterval(look, MAINTENANCE_WATCH_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
