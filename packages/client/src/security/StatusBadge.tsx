import type { SecurityStatus } from "./securityTypes.ts";
import { statusClass } from "./severity.ts";

/** The overall status: SECURE only while no critical or high event is unresolved. */
export function StatusBadge({ status }: { status: SecurityStatus | undefined }) {
  return (
    <output
      className={`status-badge ${statusClass(status)}`}
      data-testid="security-status"
      aria-live="polite"
    >
      {status ?? "..."}
    </output>
  );
}
